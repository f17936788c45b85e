/** Scene type (core §4): 0 image, 1 3D model. */
export const SCENE_TYPES = [0, 1] as const;
export const SCENE_TYPE = { image: 0, model: 1 } as const;
/** Split screens of a scene's video area (core §9): 1, 4, 9 or 16 tiles. */
export const SPLIT_SCREENS = [1, 4, 9, 16] as const;
/** The blocks of the building data screen a project may show or hide (/dataScreenSet). */
export const SCREEN_BLOCKS = ["scene", "points", "analysis", "comparison", "video"] as const;
export type ScreenBlock = (typeof SCREEN_BLOCKS)[number];

/** The scene enumerations, spread into `ENUMS`; labels in enums.json. */
export const SCENE_ENUMS = {
  sceneType: SCENE_TYPES,
  splitScreen: SPLIT_SCREENS,
  screenBlock: SCREEN_BLOCKS,
} as const;
