/** The sealing context of a connection's token or private key: a ciphertext copied elsewhere does not open. */
export const connectionSecretContext = (connectionId: string) => `scm:${connectionId}`;
