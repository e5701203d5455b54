/**
 * The narrow loader: opening what the hash names (a settings section or a narrow), fetching a
 * narrow's messages and merging them, loading older and newer ones at the edges.
 */
import { messageEndpoints } from '@chat/contracts';
import { api, errorText } from '../../api';
import { mergeFetched } from '../../lib/state';
import type { Narrow } from '../../lib/types';
import { app, patchUi, ui } from '../../store';
import { parseSettingsHash } from '../settings/settings-route';
import { names, resolver } from './lookup';
import { narrowForApi, narrowKey, narrowToHash, parseNarrowHash, resolveNarrow } from './narrow';
import { selectionAfterChange, selectionAfterLoad } from './selection';

/** After a re-register: the open narrow's newest messages again, merged by id. */
export async function catchUp(): Promise<void> {
  const narrow = app.get().view.narrow;
  await fetchInto(narrow, { anchor: 'newest', num_before: 50, num_after: 0 }, { foundNewest: true });
}

async function fetchInto(
  narrow: Narrow,
  params: { anchor: string | number; num_before: number; num_after: number },
  override: { foundNewest?: boolean; replace?: boolean } = {},
): Promise<void> {
  const forApi = narrowForApi(narrow);
  const answer = await api(messageEndpoints.getMessages, {
    anchor: String(params.anchor),
    num_before: params.num_before,
    num_after: params.num_after,
    narrow: forApi.narrow,
    apply_markdown: true,
    client_gravatar: false,
  });
  if (app.get().view.narrow !== narrow) return;
  app.set((state) =>
    mergeFetched(state, narrow, answer.messages, {
      foundOldest: params.num_before > 0 ? answer.found_oldest : undefined,
      foundNewest: override.foundNewest ?? (params.num_after > 0 || params.anchor === 'newest' ? answer.found_newest : undefined),
      replace: override.replace,
    }),
  );
}

/**
 * Opens what location.hash names: a settings section (over the current narrow, the home view
 * when the app has just started) or a narrow.
 */
export async function openHash(): Promise<void> {
  const settings = parseSettingsHash(location.hash);
  if (settings) {
    const view = app.get().view;
    const loaded = view.ids.length > 0 || view.foundNewest || view.foundOldest;
    if (!loaded) await openNarrow(resolveNarrow(parseNarrowHash(''), resolver));
    patchUi({ panel: 'settings', settingsRoute: settings, sidebarOpen: false, usersOpen: false });
    return;
  }
  if (ui.get().panel === 'settings') patchUi({ panel: null, settingsRoute: null });
  await openNarrow(resolveNarrow(parseNarrowHash(location.hash), resolver));
}

export function navigate(narrow: Narrow): void {
  const hash = narrowToHash(narrow, names);
  if (location.hash === hash) void openNarrow(narrow);
  else location.hash = hash;
}

async function openNarrow(narrow: Narrow): Promise<void> {
  const same = narrowKey(narrow) === narrowKey(app.get().view.narrow) && app.get().view.ids.length > 0;
  if (same) return;
  app.set((state) => ({ ...state, view: { narrow, ids: [], foundOldest: false, foundNewest: false } }));
  patchUi({ selectedId: null, loadingView: true, panel: null, sidebarOpen: false });
  const anchor = narrowForApi(narrow).anchor;
  try {
    if (anchor !== undefined) await fetchInto(narrow, { anchor, num_before: 25, num_after: 25 }, { replace: true });
    else await fetchInto(narrow, { anchor: 'newest', num_before: 50, num_after: 0 }, { foundNewest: true, replace: true });
    if (app.get().view.narrow !== narrow) return;
    patchUi({ selectedId: selectionAfterLoad(app.get().view.ids, anchor), error: null });
  } catch (error) {
    if (app.get().view.narrow === narrow) patchUi({ error: errorText(error) });
  } finally {
    if (app.get().view.narrow === narrow) patchUi({ loadingView: false });
  }
}

export async function loadOlder(): Promise<void> {
  const { view } = app.get();
  if (view.foundOldest || ui.get().loadingOlder || view.ids.length === 0) return;
  patchUi({ loadingOlder: true });
  try {
    await fetchInto(view.narrow, { anchor: view.ids[0]!, num_before: 100, num_after: 0 });
  } catch (error) {
    patchUi({ error: errorText(error) });
  } finally {
    patchUi({ loadingOlder: false });
  }
}

export async function loadNewer(): Promise<void> {
  const { view } = app.get();
  if (view.foundNewest || ui.get().loadingOlder || view.ids.length === 0) return;
  patchUi({ loadingOlder: true });
  try {
    await fetchInto(view.narrow, { anchor: view.ids[view.ids.length - 1]!, num_before: 0, num_after: 100 });
  } finally {
    patchUi({ loadingOlder: false });
  }
}

/** After messages came or went: a selection that left the view moves to the newest message. */
export function fixSelection(): void {
  const { selectedId } = ui.get();
  const next = selectionAfterChange(app.get().view.ids, selectedId);
  if (next !== selectedId) patchUi({ selectedId: next });
}
