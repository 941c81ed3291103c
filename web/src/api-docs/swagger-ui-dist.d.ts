/**
 * The part of swagger-ui-dist's self-contained bundle the API reference page uses (the package
 * ships no types; @types/swagger-ui-dist would be a second dependency for these few lines).
 */
declare module "swagger-ui-dist/swagger-ui-es-bundle.js" {
  /** https://swagger.io/docs/open-source-tools/swagger-ui/usage/configuration/ (the keys used here). */
  interface SwaggerUIOptions {
    url: string;
    domNode: HTMLElement;
    presets: unknown[];
    layout: string;
    deepLinking?: boolean;
    validatorUrl?: string | null;
    docExpansion?: "list" | "full" | "none";
    filter?: boolean;
    displayRequestDuration?: boolean;
    persistAuthorization?: boolean;
    tryItOutEnabled?: boolean;
    defaultModelsExpandDepth?: number;
  }
  interface SwaggerUIBundle {
    (options: SwaggerUIOptions): unknown;
    presets: { apis: unknown };
  }
  const SwaggerUIBundle: SwaggerUIBundle;
  export default SwaggerUIBundle;
}
