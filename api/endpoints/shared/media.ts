/** Storage URLs handed out by the redirect live one minute: long enough to follow, short enough to not matter. */
export const STORAGE_URL_TTL_S = 60;
