// The BIM material matcher's confidence threshold, shared by the server (src/server/bim/match) and
// the mapping table (src/client/bim/mapping.ts). No dependencies: the client and the server import it.

/**
 * A suggestion at least this sure is chosen and confirmed when the mapping table opens; a weaker one is only
 * offered in the picker. The matcher keeps approximations (a factor standing in for a family the library lacks)
 * below it.
 */
export const CONFIRM_AT = 0.8;
