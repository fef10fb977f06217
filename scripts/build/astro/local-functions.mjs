// `astro dev`: serves functions/ from Vite's module graph, so the embedded database opens once
// and edits reload without restarting. Production builds do not use this.
import { createFunctionRouter, listFunctionFiles, readWebRequest, sendWebResponse } from '../../server/functions-host.mjs';

export default function localFunctions() {
  return {
    name: 'local-functions',
    apply: 'serve',
    configureServer(server) {
      const dir = `${server.config.root}/functions`;
      server.middlewares.use(async (req, res, next) => {
        if (!req.url?.startsWith('/api/')) return next();
        try {
          const files = await listFunctionFiles(dir);
          const modules = await Promise.all(files.map((f) => server.ssrLoadModule(`${dir}/${f}`)));
          const { request } = await readWebRequest(req, `http://${req.headers.host}`);
          const response = await createFunctionRouter(modules)(request, req.socket.remoteAddress);
          if (!response) return next();
          await sendWebResponse(res, response);
        } catch (error) {
          next(error);
        }
      });
    },
  };
}
