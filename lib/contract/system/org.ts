/**
 * Screens whose pickers list the tenant's users, departments and groups: the organisation
 * lists are readable from any of them (cloud-model: reads need one of the screen's menus).
 */
export const ORG_SCREENS = [
  "/systemSet/userSet",
  "/systemSet/departmentSet",
  "/systemSet/groupSet",
  "/systemSet/roleSet",
  "/systemSet/tenantRoleSet",
  "/systemSet/phoneSet",
  "/projects/project",
  "/alarm/alarmLink",
  "/alarm/alarmRule",
  "/knowledge",
  "/sim/simSet",
  "/reportPlan",
];
export const ORG_READERS = { menu: ORG_SCREENS };
