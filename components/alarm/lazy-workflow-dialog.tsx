"use client";

import dynamic from "next/dynamic";

/** The alarm / to-do workflow form, loaded when the URL first opens it: its form code is not in the lists' first load. */
export const WorkflowDialog = dynamic(() => import("./workflow-dialogs").then((m) => m.WorkflowDialog));
