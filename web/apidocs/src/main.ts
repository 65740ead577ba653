import 'swagger-ui-dist/swagger-ui.css';
import './page.css';

import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-bundle.js';

/** Served by the Go binary next to this page; same origin, so the CSP's connect-src 'self' allows it. */
const openApiUrl = '/api/openapi.json';

const domNode = document.getElementById('swagger-ui');
if (!domNode) throw new Error('index.html has no #swagger-ui element');

SwaggerUIBundle({
  url: openApiUrl,
  domNode,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  validatorUrl: null,
  queryConfigEnabled: false,
  deepLinking: true,
  withCredentials: true,
  displayRequestDuration: true,
  docExpansion: 'list',
  filter: true,
});
