export * from './app';
export { ROUTES, type Route, type RouteAuth } from './route-table';
export { authenticateRoute } from './authenticate';
export { forwardTo } from './forward';
