/**
 * Fastify's own schema compilers (Ajv for what a route accepts, fast-json-stringify for what it
 * answers), each route's compiled when the route is first used rather than when the app is built.
 * A host registers well over a hundred routes and a process answers a few of them soon after it
 * starts: compiling every one up front took about half a second of each start (docs/PERFORMANCE.md,
 * "Schemas compiled on first use"). What is compiled, and with which options, is unchanged; a
 * schema that cannot compile now fails on the route's first request instead of at start, and the
 * OpenAPI document and the tests that call every route still see every schema.
 */
import ajvCompiler from "@fastify/ajv-compiler";
import serializerCompiler from "@fastify/fast-json-stringify-compiler";

type ValidatorFactory = ReturnType<typeof ajvCompiler>;
type SerializerFactory = ReturnType<typeof serializerCompiler>;
type Validate = ReturnType<ReturnType<ValidatorFactory>> & {
  schemaEnv?: unknown;
  errors?: unknown;
};

/** The `schemaController.compilersFactory` option of a Fastify instance. */
export function lazySchemaCompilers(): {
  buildValidator: ValidatorFactory;
  buildSerializer: SerializerFactory;
} {
  const validators = ajvCompiler();
  const serializers = serializerCompiler();
  const buildValidator = ((externalSchemas, options) => {
    const compile = validators(externalSchemas, options);
    return (route: Parameters<typeof compile>[0]) => {
      let compiled: Validate | undefined;
      const validate = () => {
        compiled ??= compile(route) as Validate;
        return compiled;
      };
      const lazy = ((data: unknown, context?: unknown) =>
        (validate() as (data: unknown, context?: unknown) => unknown)(data, context)) as Validate;
      // Fastify reads both after (and `schemaEnv` before) each call: Ajv's function carries them.
      Object.defineProperty(lazy, "schemaEnv", { get: () => validate().schemaEnv });
      Object.defineProperty(lazy, "errors", { get: () => validate().errors });
      return lazy;
    };
  }) as ValidatorFactory;
  const buildSerializer: SerializerFactory = (externalSchemas, options) => {
    const compile = serializers(externalSchemas, options);
    return (route) => {
      let serialize: ((document: unknown) => string) | undefined;
      return (document) => {
        serialize ??= compile(route);
        return serialize(document);
      };
    };
  };
  return { buildValidator, buildSerializer };
}
