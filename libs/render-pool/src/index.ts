export { createRenderPool, renderPoolOptions, RenderPool, type Renderer, type RenderPoolOptions } from './pool';
