// The architecture's boundaries, checked by `npm run lint:deps` (part of `npm test`).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        "Modules import one another in one direction only. A type-only import is erased from the build: the shared contracts may describe themselves by the tables' types while the tables use the contracts' constants.",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing would slip past every other rule.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'client-features-stay-apart',
      severity: 'error',
      comment: 'A client feature imports shared code (components, lib, hooks, api), never another feature.',
      from: { path: '^client/src/features/([^/]+)/' },
      to: { path: '^client/src/features/', pathNot: '^client/src/features/$1/' },
    },
    {
      name: 'client-shared-code-is-shared',
      severity: 'error',
      comment: 'Imports flow shared → features → app: shared client code imports neither features nor the app.',
      from: { path: '^client/src/(components|lib|hooks|api)/' },
      to: { path: '^client/src/(features|app)/' },
    },
    {
      name: 'client-features-below-app',
      severity: 'error',
      from: { path: '^client/src/features/' },
      to: { path: '^client/src/app/' },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'shared/ is imported by both sides and imports neither.',
      from: { path: '^shared/' },
      to: { path: '^(client|server)/' },
    },
    {
      name: 'client-never-imports-tables',
      severity: 'error',
      comment:
        'The browser gets contracts (types and zod rules, in shared/contracts), never the database tables: shared/schema.ts would ship Drizzle and every table to each page with a form.',
      from: { path: '^client/' },
      to: { path: '^shared/schema\\.ts$' },
    },
    {
      name: 'client-never-imports-server',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-renders-only-declared-views',
      severity: 'error',
      comment:
        "The server renders pages from the client's components: the finder's pre-rendered pages (`*-prerender.tsx`) and the pages a finder uses without script (`*.pages.tsx`) are all it may import of the client.",
      from: {
        path: '^server/',
        pathNot: ['^server/features/[^/]+/[^/]+-prerender\\.tsx$', '^server/features/[^/]+/[^/]+\\.pages\\.tsx$'],
      },
      to: { path: '^client/' },
    },
    {
      name: 'server-rendered-pages-import-views-only',
      severity: 'error',
      comment: 'What the server renders is a view: a component file named `*-view.tsx`, free of browser-only code.',
      from: { path: ['^server/features/[^/]+/[^/]+-prerender\\.tsx$', '^server/features/[^/]+/[^/]+\\.pages\\.tsx$'] },
      to: { path: '^client/', pathNot: '^client/src/features/[^/]+/components/[^/]+-view\\.tsx$' },
    },
    {
      name: 'only-repositories-query',
      severity: 'error',
      comment:
        'Only repositories (and the database set-up, and the SQL fragments they share) touch the database: drizzle, pg and the tables. Services pass the handle along; request schemas may read the zod schemas beside the tables.',
      from: {
        path: '^server/',
        pathNot: [
          '\\.repository\\.ts$',
          '^server/db/',
          '^server/features/pets/pet-access\\.ts$',
          // Which found pet a claim filed a finder report for: fragments for the repositories of both.
          '^server/features/conversations/claimed-found-pet\\.ts$',
          // Which of a pet's rows belong to its current absence: a fragment for the repositories that list them.
          '^server/features/pets/absence\\.ts$',
          // Which pets a found pet's species takes in: a fragment for matching's and claims' repositories.
          '^server/features/pets/found-species\\.ts$',
          // The geographic conditions every nearby query shares: fragments for repositories, never a query of its own.
          '^server/lib/geo\\.ts$',
          '\\.schemas\\.ts$',
          '\\.test\\.tsx?$',
        ],
      },
      to: { path: ['^node_modules/(drizzle-orm|pg)/', '^shared/schema\\.ts$'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'request-schemas-read-no-tables',
      severity: 'error',
      comment: 'A schemas file may import the zod schemas of shared/schema.ts, but never run a query.',
      from: { path: '\\.schemas\\.ts$' },
      to: { path: '^node_modules/(drizzle-orm|pg)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'repositories-belong-to-their-feature',
      severity: 'error',
      comment: "A feature's tables are read and written by its own repositories; other features call its service.",
      from: { path: '^server/features/([^/]+)/' },
      to: { path: '^server/features/[^/]+/[^/]+\\.repository\\.ts$', pathNot: '^server/features/$1/' },
    },
    {
      name: 'an-order-meets-in-its-use-case',
      severity: 'error',
      comment:
        "Payments and fulfilment stand apart and below orders: neither imports the other or orders. Where an order spans them (a paid checkout becomes an order, then goes to the print shop), orders' use case calls both.",
      from: { path: '^server/features/(payments|fulfilment|webhook-events)/' },
      to: { path: '^server/features/(orders|payments|fulfilment)/', pathNot: '^server/features/$1/' },
    },
    {
      name: 'routes-call-services',
      severity: 'error',
      comment: 'Routes validate, call a service and answer: the service presents what leaves the server.',
      from: { path: '(\\.routes\\.ts|\\.pages\\.tsx|-prerender\\.tsx)$' },
      to: { path: '\\.(repository|presenter)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
