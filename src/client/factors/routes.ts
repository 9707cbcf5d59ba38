// The client routes of factor versions (mounted in src/client/domainRoutes.tsx).

/** A notification's link: selects the building, then opens its result page (server: notify/factorChanged.ts). */
export const RESULT_ROUTE = '/factors/result';

/** The version history of a library factor (not under /divisor: its crumbs would call it an edit page). */
export const VERSIONS_PATH = '/factors/versions/:id';
export const versionsRoute = (factorId: number) => `/factors/versions/${encodeURIComponent(String(factorId))}`;

/** 导入EPD: under /divisor (its crumbs name it, routeMeta.ts); a static segment outranks the edit page's /:id. */
export const EPD_IMPORT_PATH = '/divisor/epd';
