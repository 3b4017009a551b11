// The API's PDF renderer (compliance exports). Chromium starts on the first render, not here: an API
// that never exports a PDF never runs a browser.
import fp from 'fastify-plugin';
import { PdfRenderer } from '../../pdf/renderer.js';

declare module 'fastify' {
  interface FastifyInstance {
    pdf: PdfRenderer;
  }
}

export default fp(
  async (app) => {
    const renderer = new PdfRenderer({
      executablePath: app.config.chromiumPath,
      timeoutMs: app.config.pdf.timeoutMs,
      maxConcurrent: app.config.pdf.maxConcurrent,
      log: app.log,
    });
    app.decorate('pdf', renderer);
    app.addHook('onClose', async () => {
      await renderer.close();
    });
  },
  { name: 'pdf', dependencies: ['config'] },
);
