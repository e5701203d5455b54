/**
 * libs/contracts' ChatClient passes `string | Uint8Array` bodies to fetch. Browsers accept any
 * typed array, but TypeScript 5.7+'s DOM types want Uint8Array<ArrayBuffer> (not ArrayBufferLike),
 * so the shared client's source does not type-check against the DOM library. This overload
 * states what browsers accept; it changes no runtime behaviour.
 */
declare function fetch(
  input: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array },
): Promise<Response>;
