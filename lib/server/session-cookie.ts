/** The session cookie's name, apart from the session code so proxy.ts stays light. */
export const SESSION_COOKIE = "iot_session";
