/** mammoth's browser build (the entry a bundle takes): the tests load it under Node as the bundle would. */
declare module "mammoth/mammoth.browser.js" {
  const mammoth: typeof import("mammoth");
  export = mammoth;
}
