// The one nanoquery context of the scheduling dialog: a month's bookable days and a day's free slots.
import { nanoquery } from '@nanostores/query';

/**
 * Nothing refetches by itself: a key is fetched once (dedupeTime: Infinity) and again only when its
 * store is invalidated; a failure is kept until then (no automatic retry). Callers give each dialog
 * opening and each choice of a day keys of their own, so those start without cached answers.
 * nanoquery skips fetching while the tab is hidden; revalidateOnFocus fetches such a skipped key when
 * the tab shows again (a key with an answer or a failure is left alone).
 */
export const [createFetcherStore] = nanoquery({ dedupeTime: Infinity, revalidateOnFocus: true, onErrorRetry: false });
