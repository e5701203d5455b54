/**
 * The app's actions in one place for features that need a few of them: the session, the narrow
 * loader and the message and stream actions live in their feature folders.
 */
export { logout, startSession } from './features/session/session';
export { names, resolver } from './features/narrow/lookup';
export { loadNewer, loadOlder, navigate, openHash } from './features/narrow/loader';
export { sawMessage } from './features/narrow/read';
export { deleteMessage, editMessage, rawContent, toggleReaction, toggleStar } from './features/narrow/message-actions';
export { renderPreview, sendMessage, typing } from './features/compose/send';
export {
  allStreams,
  setSubscriptionProperty,
  setTopicMuted,
  streamTopics,
  subscribe,
  unsubscribe,
} from './features/sidebar/stream-actions';
