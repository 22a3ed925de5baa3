/**
 * Fastify's own schema compilers (Ajv for what a route accepts, fast-json-stringify for what it
 * answers), each route's compiled when the route is first used rather than when the app is built.
 * A host registers well over a hundred routes and a process answers a few of them soon after it
 * starts: compiling every one up front took about half a second of each start (docs/PERFORMANCE.md,
 * "Schemas compiled on first use"). What is compiled, and with which options, is unchanged; a
 * schema that cannot compile would fail on the route's first request instead of at start:
 * `compileRouteSchemas(app)` compiles them all at once, and the suite does so for both hosts
 * (ADR-0057).
 */
import ajvCompiler from "@fastify/ajv-compiler";
import serializerCompiler from "@fastify/fast-json-stringify-compiler";

type ValidatorFactory = ReturnType<typeof ajvCompiler>;
type SerializerFactory = ReturnType<typeof serializerCompiler>;
type Validate = ReturnType<ReturnType<ValidatorFactory>> & {
  schemaEnv?: unknown;
  errors?: unknown;
};

export interface LazySchemaCompilers {
  /** The `schemaController.compilersFactory` option of a Fastify instance. */
  factory: { buildValidator: ValidatorFactory; buildSerializer: SerializerFactory };
  /** Compiles every schema not compiled yet; returns how many functions there are in all. */
  compileAll(): number;
}

const ofApp = new WeakMap<object, LazySchemaCompilers>();

/** Compilers for one Fastify instance (`rememberSchemaCompilers` ties them to it once made). */
export function lazySchemaCompilers(): LazySchemaCompilers {
  const validators = ajvCompiler();
  const serializers = serializerCompiler();
  const pending: Array<() => unknown> = [];
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
      pending.push(validate);
      return lazy;
    };
  }) as ValidatorFactory;
  const buildSerializer: SerializerFactory = (externalSchemas, options) => {
    const compile = serializers(externalSchemas, options);
    return (route) => {
      let serialize: ((document: unknown) => string) | undefined;
      pending.push(() => {
        serialize ??= compile(route);
      });
      return (document) => {
        serialize ??= compile(route);
        return serialize(document);
      };
    };
  };
  return {
    factory: { buildValidator, buildSerializer },
    compileAll: () => {
      for (const compile of pending) compile();
      return pending.length;
    },
  };
}

/** Ties `compilers` to the app they were given to. */
export function rememberSchemaCompilers(app: object, compilers: LazySchemaCompilers): void {
  ofApp.set(app, compilers);
}

/**
 * Compiles every route schema of a ready app now (what Fastify would have done at start): a
 * schema that cannot compile throws here. Returns how many validators and serializers it has.
 */
export function compileRouteSchemas(app: object): number {
  const compilers = ofApp.get(app);
  if (compilers === undefined) throw new Error("this app was not made with lazySchemaCompilers()");
  return compilers.compileAll();
}
