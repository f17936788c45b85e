/** What the cloud answers in place of a stored secret; sent back unchanged, it keeps the secret. */
export const SECRET_MASK = "******";

/** Headers that carry credentials by their name: secret whether or not a form marks them. */
const CREDENTIAL_HEADER = /^(authorization|proxy-authorization|cookie)$|token|secret|passw|api-?key|signature/i;

/** Whether a header's value is a secret: marked so, or named as a credential. */
export const isSecretHeader = (name: string, marked?: boolean) => !!marked || CREDENTIAL_HEADER.test(name.trim());
