/** As Zulip names the integration in its answers. */
export const NAME = 'Sentry';
