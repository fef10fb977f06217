/** The public path of a built page: `/palestras.html` → `/palestras`, `/index.html` → `/`. */
export const pagePath = (url: URL) => url.pathname.replace(/(\/index)?\.html$/, '').replace(/\/$/, '') || '/';
