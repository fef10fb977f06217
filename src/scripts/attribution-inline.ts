// The attribution capture as the inline <script> every page carries (BaseLayout): the function of
// attribution-capture.js called with the parameter list and storage key of src/domain/attribution-params.ts.
// Inline, so the capture runs before anything else and costs no request; scripts/build/minify-inline.mjs
// minifies it with the page's other inline scripts.
import source from './attribution-capture.js?raw';
import { ATTRIBUTION_PARAMS, ATTRIBUTION_STORAGE_KEY } from '../domain/attribution-params';

const body = source.replace(/^export default /m, '').replace(/;\s*$/, '');

export const attributionScript = `(${body})(${JSON.stringify(ATTRIBUTION_PARAMS)},${JSON.stringify(ATTRIBUTION_STORAGE_KEY)})`;
