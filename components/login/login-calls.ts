/**
 * The login page's calls (`loginApi`), loaded when one is first made: the declarations bring zod,
 * which stays out of the login page's first load like the forms' rules (`lazyZodResolver`).
 */
export const loginCalls = () => Promise.all([import("@/lib/api/call"), import("@/lib/contract/auth")]).then(([{ call }, { loginApi }]) => ({ call, loginApi }));
export type LoginCalls = Awaited<ReturnType<typeof loginCalls>>;
/** A login call made once its declarations are loaded. */
export const withLoginCalls =
  <T>(make: (calls: LoginCalls) => Promise<T>) =>
  () =>
    loginCalls().then(make);
