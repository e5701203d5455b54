export * from './app';
export { ROUTES, type Route, type RouteAuth } from './route-table';
export { authenticateRoute } from './authenticate';
export * from './compose';
export { forwardToServices } from './forward';
export { WEB_APP_CSP } from './web-app';
export { API_DOCS_CSP, API_DOCS_PATH, REDOC_SCRIPT_PATH } from './api-docs';
export {
  EVENT_TIER_PATHS,
  GATEWAY_PUBLIC_PATHS,
  isPublicPath,
  matchesPublicPath,
  WEB_PAGE_PATHS,
  WEB_ROOT_FILES,
  type PublicPath,
} from './public-paths';
export { webAppRouter } from './web-app';
