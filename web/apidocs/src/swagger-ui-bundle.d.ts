// The part of swagger-ui-dist's prebuilt bundle this page uses (the package ships no types).
declare module 'swagger-ui-dist/swagger-ui-bundle.js' {
  export type SwaggerUIOptions = {
    url: string;
    domNode: HTMLElement;
    presets: unknown[];
    layout?: string;
    /** null turns off the badge that would send the document to validator.swagger.io. */
    validatorUrl: string | null;
    deepLinking?: boolean;
    /** Never let ?url= in the address bar load another document into this page. */
    queryConfigEnabled?: boolean;
    withCredentials?: boolean;
    displayRequestDuration?: boolean;
    defaultModelsExpandDepth?: number;
    docExpansion?: 'list' | 'full' | 'none';
    filter?: boolean;
    tryItOutEnabled?: boolean;
  };

  type SwaggerUIBundle = {
    (options: SwaggerUIOptions): unknown;
    presets: { apis: unknown };
  };

  const bundle: SwaggerUIBundle;
  export default bundle;
}
