export const id = 407;
export const ids = [407];
export const modules = {

/***/ 1206:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ agentSection),
/* harmony export */   Kv: () => (/* binding */ agentSettingsOf),
/* harmony export */   PQ: () => (/* binding */ agentReads),
/* harmony export */   TQ: () => (/* binding */ AGENT_KEYS)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2857);
/* harmony import */ var _lib_duration__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2543);
/* harmony import */ var _assistants_section__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(182);
/* harmony import */ var _policy_kit_section__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5824);
/* harmony import */ var _policy_kit_schema_kit__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6985);
/* harmony import */ var _policy_kit_values__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4333);
/* harmony import */ var _policy_kit_words__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5658);
/* harmony import */ var _lib_expectation__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2981);
/**
 * The release policy's `agent` section: the assistant the agent checks ask (and the smoke cases
 * and the gate, which read it through `agentReads`), a message and what its reply must hold,
 * A2A, and how long the checks may take. Loads none of the checks' code.
 */








const keys = ((key) => ({
    assistant: key((0,_policy_kit_schema_kit__WEBPACK_IMPORTED_MODULE_3__/* .about */ .Cv)(_policy_kit_values__WEBPACK_IMPORTED_MODULE_2__/* .text */ .Qq, 'assistant id or graph name; the default assistant of the checks, the smoke cases and the gate')),
    message: key((0,_policy_kit_schema_kit__WEBPACK_IMPORTED_MODULE_3__/* .about */ .Cv)(_policy_kit_values__WEBPACK_IMPORTED_MODULE_2__/* .text */ .Qq, 'a stateless POST /runs/wait with this human message; the reply is printed')),
    expect: key((0,_policy_kit_schema_kit__WEBPACK_IMPORTED_MODULE_3__/* .about */ .Cv)(_policy_kit_values__WEBPACK_IMPORTED_MODULE_2__/* .expectation */ .pG, 'with agent.message: text the reply must contain, or /pattern/flags')),
    a2a: key((0,_policy_kit_schema_kit__WEBPACK_IMPORTED_MODULE_3__/* .about */ .Cv)(zod__WEBPACK_IMPORTED_MODULE_4__/* .boolean */ .zMY({ error: 'must be true or false' }), 'true: fetch the agent card and send one A2A message/send')),
    timeout: key((0,_policy_kit_schema_kit__WEBPACK_IMPORTED_MODULE_3__/* .about */ .Cv)(_policy_kit_values__WEBPACK_IMPORTED_MODULE_2__/* .duration */ .p0, 'longest time for the agent checks (and the whole smoke suite)'))
}));
const DEFAULTS = { a2a: false, timeout: '5m' };
/** Its key paths, for the words of those that read it through its accessors. */
const AGENT_KEYS = { assistant: 'agent.assistant', timeout: 'agent.timeout' };
/** The accessor other steps read the agent checks' settings through (the smoke suite, the gate). */
const agentSettingsOf = (facts) => facts.agent;
const quoted = (value) => JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
const agentSection = (0,_policy_kit_section__WEBPACK_IMPORTED_MODULE_5__/* .defineSection */ .r)({
    name: 'agent',
    keys,
    defaults: DEFAULTS,
    words: (agent) => [
        agent.assistant === undefined ? 'no assistant' : `assistant ${agent.assistant}`,
        ...(agent.message === undefined ? [] : [`message ${quoted(agent.message)}`]),
        ...(agent.expect === undefined ? [] : [`the reply must hold ${quoted(agent.expect)}`]),
        ...(agent.a2a ? ['A2A message/send'] : []),
        `within ${(0,_policy_kit_words__WEBPACK_IMPORTED_MODULE_6__/* .durationWords */ .S)(agent.timeout ?? 0)}`
    ],
    diff: {
        // Each takes a check away when removed or turned off.
        message: { removalWeakens: true, takesCheck: true },
        a2a: { direction: 1, takesCheck: true },
        expect: { removalWeakens: true, takesCheck: true },
        timeout: { shown: (value) => (0,_policy_kit_words__WEBPACK_IMPORTED_MODULE_6__/* .durationWords */ .S)(value) }
    },
    rules: (agent) => {
        const problems = [];
        const assistant = agent.assistant !== undefined;
        if (agent.expect !== undefined && agent.message === undefined)
            problems.push({
                path: ['agent', 'expect'],
                message: 'agent.expect needs agent.message (the message whose reply it judges)'
            });
        if (agent.message !== undefined && !assistant)
            problems.push({
                path: ['agent', 'message'],
                message: 'agent.message needs agent.assistant (the assistant to send it to)'
            });
        if (agent.a2a === true && !assistant)
            problems.push({
                path: ['agent', 'a2a'],
                message: 'agent.a2a needs agent.assistant (the assistant to talk to)'
            });
        return problems;
    },
    actsOnDeployed: { key: 'assistant', asks: (value) => value != null },
    settings: (agent, { files, inputs }) => {
        if (agent?.assistant === undefined)
            return undefined;
        const expected = agent.expect === undefined ? undefined : (0,_lib_expectation__WEBPACK_IMPORTED_MODULE_7__/* .parseExpectation */ .WR)(agent.expect);
        return {
            assistantId: (0,_assistants_section__WEBPACK_IMPORTED_MODULE_1__/* .assistantIdByName */ .E)(files)(agent.assistant),
            message: agent.message,
            expect: expected !== undefined && 'expectation' in expected ? expected.expectation : undefined,
            a2a: agent.a2a ?? DEFAULTS.a2a,
            timeoutMs: agent.timeout ?? (0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .parseDuration */ .E)(DEFAULTS.timeout) ?? 0,
            apiKey: inputs.agentApiKey ?? inputs.apiKey,
            authScheme: inputs.agentAuthScheme
        };
    }
});
/**
 * What other sections read of `agent`: the assistant as written (undefined without one), its id
 * (an assistants name standing for that entry's id), and `agent.timeout`.
 */
function agentReads(policy, files = {}) {
    const agent = policy.agent;
    const assistant = agent?.assistant;
    return {
        ...(assistant !== undefined && {
            assistant,
            assistantId: (0,_assistants_section__WEBPACK_IMPORTED_MODULE_1__/* .assistantIdByName */ .E)(files)(assistant)
        }),
        timeoutMs: agent?.timeout ?? (0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .parseDuration */ .E)(DEFAULTS.timeout) ?? 0
    };
}


/***/ }),

/***/ 2057:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D: () => (/* binding */ MANAGED_PREFIX),
/* harmony export */   LE: () => (/* binding */ entryDigest),
/* harmony export */   Oe: () => (/* binding */ ENTRY_KEYS),
/* harmony export */   Os: () => (/* binding */ entriesListSchema),
/* harmony export */   jd: () => (/* binding */ MAX_ENTRIES_FILE_BYTES),
/* harmony export */   ju: () => (/* binding */ explainEntryIssue),
/* harmony export */   lz: () => (/* binding */ assistantIdOf),
/* harmony export */   nw: () => (/* binding */ onDrift)
/* harmony export */ });
/* unused harmony exports ASSISTANT_NAMESPACE, MAX_ENTRIES, entrySchema */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var canonicalize__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8799);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2857);
/* harmony import */ var _lib_ids__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(829);
/* harmony import */ var _lib_uuid_v5__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8180);
/* harmony import */ var _policy_kit_problems__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2467);
/**
 * An assistant entry of `assistants.entries` (inline, or in a workspace file that holds just the
 * list): its schema, its id and digest. An entry's own keys are checked like the policy's; what
 * `config`, `context` and `metadata` hold passes as written, except a literal secret and the
 * reserved `managed-` metadata. Pure.
 */






/** The action's namespace for assistant ids: fixed forever (the README writes it out). */
const ASSISTANT_NAMESPACE = 'a4cd1350-3f60-47c9-82e8-eb29baeb4384';
/** More entries than this is not a deployment's assistants. */
const MAX_ENTRIES = 100;
/** An assistants file over this is refused. */
const MAX_ENTRIES_FILE_BYTES = 1024 * 1024;
/** Metadata keys the action writes itself. */
const MANAGED_PREFIX = 'managed-';
const NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;
/** A key whose folded name ends in one of these holds a secret when it holds text. */
const SECRET_WORDS = ['apikey', 'token', 'secret', 'password', 'credential'];
/** What stands for the assistant's content; `version` pins an existing version instead. */
const CONTENT_KEYS = ['description', 'config', 'context', 'metadata'];
const mappingOf = (what) => zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J(), { error: `must be a mapping (${what})` });
/** One entry as written. */
const entrySchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    name: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP({ error: 'must be text' })
        .regex(NAME, 'must be 1–63 of a-z, 0-9, _ and -, starting with a letter or digit'),
    id: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP({ error: 'must be a UUID' })
        .regex(_lib_ids__WEBPACK_IMPORTED_MODULE_2__/* .UUID */ .k, 'must be a UUID (the id of an existing assistant to adopt)')
        .optional(),
    'graph-id': zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP({ error: 'must be text' })
        .min(1, 'must not be empty')
        .optional()
        .meta({ description: 'the graph the assistant runs (a key of graphs in langgraph.json)' }),
    description: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP({ error: 'must be text' }).optional(),
    config: mappingOf('the run config, configurable included').optional(),
    context: mappingOf('the run context').optional(),
    metadata: mappingOf('kept as written; managed-* keys are reserved').optional(),
    version: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig({ error: 'must be a whole number' })
        .int('must be a whole number')
        .min(1, 'must be a version number, 1 or more')
        .optional()
        .meta({ description: 'instead of the content: make this version active (a pin)' })
}, { error: 'must be a mapping of name, id, graph-id, description, config, context, metadata' })
    .superRefine((entry, ctx) => {
    const content = CONTENT_KEYS.filter((key) => entry[key] !== undefined);
    if (entry.version !== undefined && content.length > 0)
        ctx.addIssue({
            code: 'custom',
            path: ['version'],
            message: `pins a version, so it cannot stand beside ${content.join(', ')} (give the content, or the version)`
        });
    if (entry.version === undefined && entry['graph-id'] === undefined)
        ctx.addIssue({
            code: 'custom',
            path: [],
            message: `(${entry.name}) needs graph-id (the graph the assistant runs), or version to pin one`
        });
    for (const key of Object.keys(entry.metadata ?? {}))
        if (key.startsWith(MANAGED_PREFIX))
            ctx.addIssue({
                code: 'custom',
                path: ['metadata', key],
                message: `is reserved: the action writes the ${MANAGED_PREFIX}* metadata keys itself`
            });
    for (const section of ['config', 'context', 'metadata'])
        for (const { path, word } of secretKeys(entry[section], [section]))
            ctx.addIssue({
                code: 'custom',
                path,
                message: `holds a literal value, and its name ends in "${word}" (assistant ${entry.name}): secrets belong in the deployment's secrets input, never in the repository's assistants`
            });
})
    .meta({ description: 'an assistant: its name, graph and content, or a version to pin' });
/** The list: at most MAX_ENTRIES, names and ids unique. */
const entriesListSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(entrySchema, { error: 'must be a list of assistants' })
    .min(1, 'must hold at least one assistant')
    .max(MAX_ENTRIES, `must hold at most ${MAX_ENTRIES} assistants`)
    .superRefine((entries, ctx) => {
    const names = new Map();
    const ids = new Map();
    entries.forEach((entry, index) => {
        const named = names.get(entry.name);
        if (named !== undefined)
            ctx.addIssue({
                code: 'custom',
                path: [index, 'name'],
                message: `is given twice (entries ${named + 1} and ${index + 1}): names are unique`
            });
        else
            names.set(entry.name, index);
        const id = assistantIdOf(entry).toLowerCase();
        const same = ids.get(id);
        if (same !== undefined && named === undefined)
            ctx.addIssue({
                code: 'custom',
                path: [index, entry.id === undefined ? 'name' : 'id'],
                message: `gives the id ${id} that entry ${same + 1} has too: ids are unique`
            });
        else
            ids.set(id, index);
    });
});
/** `assistants.on-drift`. */
const onDrift = zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(['overwrite', 'fail'], { error: 'must be overwrite or fail' });
/** The key names of an entry, for the nearest known one. */
const ENTRY_KEYS = Object.keys(entrySchema.shape);
/** The id an entry gives, else the UUID v5 of its name in the action's namespace. */
function assistantIdOf(entry) {
    return entry.id?.toLowerCase() ?? (0,_lib_uuid_v5__WEBPACK_IMPORTED_MODULE_3__/* .uuidV5 */ .J)(entry.name, ASSISTANT_NAMESPACE);
}
/** SHA-256 of the entry's RFC 8785 canonical JSON: what `managed-digest` holds. */
function entryDigest(entry) {
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256')
        .update((0,canonicalize__WEBPACK_IMPORTED_MODULE_4__/* ["default"] */ .A)(entry) ?? '', 'utf8')
        .digest('hex');
}
/**
 * Every key under `value` whose folded name ends in a secret's word and holds text: `apikey`,
 * `secret`, `password`, `credential`, singular or plural, holding text or a list holding text;
 * `token` (no plural, no list: `max_tokens`, `stop_tokens` are model settings) holding text that
 * is neither a count (`"512"`) nor shaped like a special token (`</s>`, `[PAD]`).
 */
function secretKeys(value, path) {
    if (Array.isArray(value))
        return value.flatMap((item, index) => secretKeys(item, [...path, index]));
    if (typeof value !== 'object' || value === null)
        return [];
    return Object.entries(value).flatMap(([key, inner]) => {
        const word = secretWordOf(key, inner);
        if (word !== undefined)
            return [{ path: [...path, key], word }];
        return secretKeys(inner, [...path, key]);
    });
}
const isText = (value) => typeof value === 'string' && value.trim() !== '';
/** The secret word `key` ends in when it holds what a secret would be; undefined otherwise. */
function secretWordOf(key, held) {
    const folded = key.toLowerCase().replace(/[^a-z0-9]/g, '');
    if (folded.endsWith('token'))
        return typeof held === 'string' &&
            isText(held) &&
            !/^\s*(\d+|<[^<>]*>|\[[^[\]]*\])\s*$/.test(held)
            ? 'token'
            : undefined;
    const word = SECRET_WORDS.find((candidate) => candidate !== 'token' && (folded.endsWith(candidate) || folded.endsWith(`${candidate}s`)));
    const holdsText = isText(held) || (Array.isArray(held) && held.some(isText));
    return word !== undefined && holdsText ? word : undefined;
}
/**
 * A zod issue of an entry as a sentence after its key path: an unknown key with the nearest
 * known one ("did you mean `graph-id`?"). `prefix` is the key path of the list.
 */
function explainEntryIssue(issue, prefix) {
    const path = [
        ...prefix,
        ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))
    ];
    if (issue.code === 'unrecognized_keys')
        return issue.keys.map((name) => {
            const suggestion = (0,_policy_kit_problems__WEBPACK_IMPORTED_MODULE_5__/* .nearest */ .pA)(name, ENTRY_KEYS);
            const hint = suggestion !== undefined
                ? `; did you mean \`${suggestion}\`?`
                : ` (an entry has ${ENTRY_KEYS.join(', ')})`;
            return {
                path: [...path, name],
                key: true,
                message: `${(0,_policy_kit_problems__WEBPACK_IMPORTED_MODULE_5__/* .keyPathText */ .Cm)([...path, name])} is not a key of an assistant entry${hint}`
            };
        });
    return [{ path, message: `${(0,_policy_kit_problems__WEBPACK_IMPORTED_MODULE_5__/* .keyPathText */ .Cm)(path)} ${issue.message}` }];
}


/***/ }),

/***/ 182:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E: () => (/* binding */ assistantIdByName),
/* harmony export */   H: () => (/* binding */ assistantsSection)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2857);
/* harmony import */ var _policy_kit_problems__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2467);
/* harmony import */ var _policy_kit_section__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5824);
/* harmony import */ var _entries__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2057);
/**
 * The release policy's `assistants` section: the assistants of the repository (inline, or a
 * workspace file that holds just the list, each problem on the file's own line) and what a hand
 * edit does. Other sections read an assistant's id by its name through `assistantIdByName`.
 * Loads none of the step's code.
 */




const LIST = ['assistants', 'entries'];
const keys = ((key) => ({
    entries: key(zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([
        zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP({ error: 'must be text' }).min(1, 'must not be empty').meta({
            description: 'an assistants file, relative to the workspace (YAML or JSON)'
        }),
        _entries__WEBPACK_IMPORTED_MODULE_0__/* .entriesListSchema */ .Os
    ])
        .meta({
        description: 'the assistants: a path to a YAML or JSON file that holds the list, or the list itself'
    })),
    'on-drift': key(_entries__WEBPACK_IMPORTED_MODULE_0__/* .onDrift */ .nw.meta({
        description: 'overwrite or fail: when an assistant the action manages was changed by hand since it last wrote it'
    }))
}));
const DEFAULTS = { 'on-drift': 'overwrite' };
const isMapping = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/**
 * Each entry's name and graph as written, where they are text (an entry with problems has its
 * graph judged all the same): an entry only to the graph check.
 */
function graphsOf(list) {
    if (!Array.isArray(list))
        return [];
    return list.map((entry) => {
        if (!isMapping(entry))
            return {};
        const { name, 'graph-id': graph } = entry;
        return {
            ...(typeof name === 'string' ? { name } : {}),
            ...(typeof graph === 'string' ? { 'graph-id': graph } : {})
        };
    });
}
/** The file `assistants.entries` names: parsed with its lines kept, each problem on its line. */
const entriesFile = {
    what: 'the assistants file',
    maxBytes: _entries__WEBPACK_IMPORTED_MODULE_0__/* .MAX_ENTRIES_FILE_BYTES */ .jd,
    parse: async (bytes, named) => {
        if (bytes.length > _entries__WEBPACK_IMPORTED_MODULE_0__/* .MAX_ENTRIES_FILE_BYTES */ .jd)
            return { problems: [{ message: `${named} is more than 1 MiB` }] };
        // Read while the policy loads: its reader's chunk (one copy of it in dist/).
        const { readPolicySource } = await Promise.all(/* import() | policy */[__webpack_require__.e(815), __webpack_require__.e(477)]).then(__webpack_require__.bind(__webpack_require__, 2724));
        const source = readPolicySource(bytes.toString('utf8'));
        const inFile = (found, place) => {
            const path = found.path.slice(LIST.length);
            const at = place?.line === undefined ? nearestPlace(source, path, found.key === true) : place;
            return { message: found.message, inFile: path, line: at.line ?? 1, col: at.col ?? 1 };
        };
        const problems = source.problems.map((problem) => inFile({
            path: [...LIST, ...problem.path],
            message: `${(0,_policy_kit_problems__WEBPACK_IMPORTED_MODULE_2__/* .keyPathText */ .Cm)([...LIST, ...problem.path])} ${problem.message}`
        }, problem));
        if (source.value === undefined || problems.length > 0)
            return { problems };
        const parsed = _entries__WEBPACK_IMPORTED_MODULE_0__/* .entriesListSchema */ .Os.safeParse(source.value);
        if (!parsed.success)
            return {
                problems: parsed.error.issues.flatMap((issue) => (0,_entries__WEBPACK_IMPORTED_MODULE_0__/* .explainEntryIssue */ .ju)(issue, [...LIST]).map((found) => inFile(found))),
                // Each entry's graph is still judged: its problems never hide another's.
                partial: {
                    written: [],
                    items: graphsOf(source.value),
                    locate: (path) => nearestPlace(source, path, false)
                }
            };
        return {
            read: {
                written: parsed.data,
                items: parsed.data,
                locate: (path) => nearestPlace(source, path, false)
            }
        };
    },
    inline: (list) => ({ items: list }),
    check: (list, facts) => {
        const graphs = facts.graphs;
        if (graphs === undefined)
            return [];
        const known = graphs.length > 0 ? graphs.join(', ') : 'none';
        return list.items.flatMap((entry, index) => {
            const graph = entry['graph-id'];
            if (typeof graph !== 'string' || graphs.includes(graph))
                return [];
            return [
                {
                    path: [index, 'graph-id'],
                    message: `the graph ${JSON.stringify(graph)} of assistant ${typeof entry.name === 'string' ? entry.name : `entry ${index + 1}`} is not a key of graphs in the application's configuration (it names ${known})`
                }
            ];
        });
    },
    itemKeys: _entries__WEBPACK_IMPORTED_MODULE_0__/* .ENTRY_KEYS */ .Oe,
    explainIssue: (issue, prefix) => (0,_entries__WEBPACK_IMPORTED_MODULE_0__/* .explainEntryIssue */ .ju)(issue, prefix),
    // An assistant is matched by its name; its content is compared, never shown.
    identity: (written) => written.name,
    shown: () => 'an assistant'
};
const assistantsSection = (0,_policy_kit_section__WEBPACK_IMPORTED_MODULE_3__/* .defineSection */ .r)({
    name: 'assistants',
    possessive: "assistants'",
    keys,
    defaults: DEFAULTS,
    words: (assistants) => {
        const entries = assistants.entries;
        const which = entries === undefined
            ? 'no entries'
            : Array.isArray(entries)
                ? `${entries.length} inline (${namesWords(entries.map((entry) => entry.name))})`
                : `from ${entries.path}`;
        return [which, `on drift ${assistants['on-drift'] ?? 'overwrite'}`];
    },
    diff: {
        entries: { removalWeakens: true },
        // A hand edit that fails the deploy is stronger than one overwritten.
        'on-drift': { direction: 1, judged: (value) => (value === 'fail' ? 1 : 0) }
    },
    files: { entries: entriesFile },
    rules: (assistants, { given }) => assistants.entries === undefined && given('on-drift')
        ? [
            {
                path: ['assistants', 'on-drift'],
                message: 'assistants.on-drift needs assistants.entries (the assistants it applies to)'
            }
        ]
        : [],
    actsOnDeployed: { key: 'entries', asks: (value) => value != null },
    settings: (assistants, { files, inputs }) => {
        const entries = entriesInEffect(files);
        if (entries === undefined)
            return undefined;
        return {
            entries,
            onDrift: assistants?.['on-drift'] ?? DEFAULTS['on-drift'],
            apiKey: inputs.agentApiKey ?? inputs.apiKey,
            ...(inputs.agentAuthScheme !== undefined && { authScheme: inputs.agentAuthScheme })
        };
    }
});
function entriesInEffect(files) {
    return files[(0,_policy_kit_problems__WEBPACK_IMPORTED_MODULE_2__/* .keyPathText */ .Cm)(LIST)]?.items;
}
/** An assistant named by an `assistants.entries` name stands for that entry's id. */
function assistantIdByName(files) {
    const ids = new Map((entriesInEffect(files) ?? []).map((entry) => [entry.name, (0,_entries__WEBPACK_IMPORTED_MODULE_0__/* .assistantIdOf */ .lz)(entry)]));
    return (assistant) => ids.get(assistant) ?? assistant;
}
/** The first few names, the rest counted. */
function namesWords(names) {
    const shown = names.slice(0, 5).join(', ');
    return names.length > 5 ? `${shown} and ${names.length - 5} more` : shown;
}
/** The place of a key path in the file, else of its nearest ancestor, else line 1. */
function nearestPlace(source, path, key) {
    for (let length = path.length; length >= 0; length--) {
        const place = source.locate(path.slice(0, length), { key: length === path.length ? key : true });
        if (place)
            return place;
    }
    return { line: 1, col: 1 };
}


/***/ }),

/***/ 9740:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Hh: () => (/* binding */ MIN_GRACE_MS),
/* harmony export */   d6: () => (/* binding */ bakeBudgetMs),
/* harmony export */   gz: () => (/* binding */ previousWindow),
/* harmony export */   lA: () => (/* binding */ bakeSchedule)
/* harmony export */ });
/* unused harmony exports MAX_SETTLING_MS, settlingMs */
/**
 * When the bake reads what (spec "Bake window", "The window"): the window starts when the last
 * check ended and lasts `bake.duration`; the k-th of ⌈duration / interval⌉ reads covers
 * [start, start + k × interval) and is made a settling time after that end; the last covers the
 * whole window. Pure.
 */
/** Runs are ingested a little after they end: a window is read this long after it ended, at most. */
const MAX_SETTLING_MS = 30_000;
/** The last read and its retries may run this much past the window's end, at least. */
const MIN_GRACE_MS = 60_000;
/** The settling time: the smaller of 30 s and the interval. */
function settlingMs(intervalMs) {
    return Math.min(MAX_SETTLING_MS, intervalMs);
}
/** How long a bake may take from its start, its last read's retries included. */
function bakeBudgetMs(durationMs, intervalMs) {
    return durationMs + Math.max(intervalMs, MIN_GRACE_MS);
}
function bakeSchedule(start, durationMs, intervalMs) {
    const settling = settlingMs(intervalMs);
    const count = Math.ceil(durationMs / intervalMs);
    const reads = [];
    for (let index = 1; index <= count; index++) {
        const to = start + Math.min(index * intervalMs, durationMs);
        reads.push({ index, from: start, to, due: to + settling, last: index === count });
    }
    return { start, settlingMs: settling, reads, end: start + bakeBudgetMs(durationMs, intervalMs) };
}
/**
 * The previous revision's window: `bake.duration` long, ending when this run started, read once
 * it ended a settling time ago (the time prepare waits until, when it is not yet).
 */
function previousWindow(runStartedAt, durationMs, intervalMs) {
    return {
        from: runStartedAt - durationMs,
        to: runStartedAt,
        due: runStartedAt + settlingMs(intervalMs)
    };
}


/***/ }),

/***/ 1576:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DZ: () => (/* binding */ statsWords),
/* harmony export */   c5: () => (/* binding */ rateWords),
/* harmony export */   cZ: () => (/* binding */ bakingWords),
/* harmony export */   dB: () => (/* binding */ secondsWords),
/* harmony export */   up: () => (/* binding */ lengthWords),
/* harmony export */   yh: () => (/* binding */ metricWords)
/* harmony export */ });
/* harmony import */ var _lib_duration__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2543);
/**
 * The bake in a few plain words (numbers and fixed words only: the report escapes them for its
 * destination): the log line of a read, the progress, a window's length. Pure.
 */

const minutes = (ms) => Math.floor(ms / 60_000);
/**
 * A length as people read it, in the one style of every text of the action: `40s`, `15m`,
 * `1h 30m` (whole minutes without their zero seconds).
 */
function lengthWords(ms) {
    const rounded = Math.round(ms / 1000) * 1000;
    if (rounded >= 60_000 && rounded < 3_600_000 && rounded % 60_000 === 0)
        return `${rounded / 60_000}m`;
    return (0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(rounded);
}
/** `0.4%`, or `–` without a value. */
function rateWords(rate) {
    return rate === null ? '–' : `${Number((rate * 100).toFixed(2))}%`;
}
/** A latency in seconds as `1.25s` or `300ms`, or `–` without a value. */
function secondsWords(value) {
    return value === null ? '–' : (0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(value * 1000, 'fine');
}
/** "120 runs, errors 0.8%, p50 1.2 s, p99 4.1 s". */
function statsWords(stats) {
    return `${stats.runs} run${stats.runs === 1 ? '' : 's'}, errors ${rateWords(stats.errorRate)}, p50 ${secondsWords(stats.p50)}, p99 ${secondsWords(stats.p99)}`;
}
/** The progress every read and every minute: "baking: 6 of 15 min". */
function bakingWords(elapsedMs, durationMs) {
    if (durationMs < 120_000)
        return `baking: ${Math.min(Math.round(elapsedMs / 1000), Math.round(durationMs / 1000))} of ${Math.round(durationMs / 1000)} s`;
    return `baking: ${Math.min(minutes(elapsedMs), minutes(durationMs))} of ${minutes(durationMs)} min`;
}
/** "error rate" or "p99 against the previous window". */
function metricWords(row) {
    const name = row.metric === 'error-rate' ? 'error rate' : row.metric;
    return row.relative ? `${name} against the previous window` : name;
}


/***/ }),

/***/ 4007:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $N: () => (/* binding */ formatErrorDetail),
/* harmony export */   Au: () => (/* binding */ BodyTooLargeError),
/* harmony export */   B_: () => (/* binding */ PagingError),
/* harmony export */   Cj: () => (/* binding */ ControlPlaneError),
/* harmony export */   Dr: () => (/* binding */ NetworkError),
/* harmony export */   F9: () => (/* binding */ HttpStatusError),
/* harmony export */   I2: () => (/* binding */ UploadRefusedError),
/* harmony export */   RD: () => (/* binding */ ResponseShapeError),
/* harmony export */   j3: () => (/* binding */ DeadlineError),
/* harmony export */   z1: () => (/* binding */ ServiceIdError)
/* harmony export */ });
/* harmony import */ var _schemas__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8526);

/** Base of every error the client throws; `method` and `path` say which call it was. */
class ControlPlaneError extends Error {
    method;
    path;
    constructor(message, method, path) {
        super(message);
        this.method = method;
        this.path = path;
        this.name = 'ControlPlaneError';
    }
}
/** The service answered with a status that is not a success. */
class HttpStatusError extends ControlPlaneError {
    status;
    detail;
    constructor(method, path, status, detail) {
        super(`${method} ${path} failed with HTTP ${status}${detail ? `:\n${detail}` : ''}`, method, path);
        this.status = status;
        this.detail = detail;
        this.name = 'HttpStatusError';
    }
}
/** No answer: connection refused or reset, DNS failure, or the request's timeout. */
class NetworkError extends ControlPlaneError {
    reason;
    constructor(method, path, reason) {
        super(`${method} ${path} got no answer: ${reason}`, method, path);
        this.reason = reason;
        this.name = 'NetworkError';
    }
}
/** A success status with a body that is not the JSON it should be. */
class ResponseShapeError extends ControlPlaneError {
    notJson;
    constructor(method, path, problem, 
    /** The body was not JSON at all (often cut short), rather than JSON of another shape. */
    notJson = false) {
        super(`${method} ${path} answered with an unexpected body: ${problem}`, method, path);
        this.notJson = notJson;
        this.name = 'ResponseShapeError';
    }
}
/** An answer over the body cap: read no further, and not asked for again. */
class BodyTooLargeError extends ControlPlaneError {
    status;
    cap;
    constructor(method, path, status, 
    /** What was read of it, at most: `10.0 MB`. */
    cap) {
        super(`${method} ${path} answered a body over ${cap}${status === undefined ? '' : ` (HTTP ${status})`}, more than any answer it should give: the action stopped reading it and does not send the request again. Check that api-url points at the control plane.`, method, path);
        this.status = status;
        this.cap = cap;
        this.name = 'BodyTooLargeError';
    }
}
/** The caller's deadline came before the call could be made or finished. */
class DeadlineError extends ControlPlaneError {
    constructor(method, path) {
        super(`${method} ${path} was not attempted: the time allowed has run out`, method, path);
        this.name = 'DeadlineError';
    }
}
/**
 * Renders the service's `detail` for a person: a string as is, a 422 list as `loc: msg` lines.
 * The body is the service's own text; it never holds what we sent unless the service echoes it,
 * which the action's redaction covers.
 */
function formatErrorDetail(bodyText) {
    let json;
    try {
        json = JSON.parse(bodyText);
    }
    catch {
        return bodyText.trim().slice(0, 500);
    }
    const parsed = _schemas__WEBPACK_IMPORTED_MODULE_0__/* .errorBodySchema */ .ut.safeParse(json);
    if (!parsed.success)
        return bodyText.trim().slice(0, 500);
    const { detail } = parsed.data;
    if (typeof detail === 'string')
        return detail;
    if (Array.isArray(detail)) {
        return detail
            .map((item) => item.loc && item.loc.length > 0 ? `  ${item.loc.join('.')}: ${item.msg}` : `  ${item.msg}`)
            .join('\n');
    }
    return JSON.stringify(detail).slice(0, 500);
}
/** An id from the service that is not a UUID: it is never put into a request path. */
class ServiceIdError extends Error {
    id;
    constructor(id) {
        super(`The service sent the id ${JSON.stringify(id.length > 100 ? `${id.slice(0, 100)}…` : id)} where a UUID belongs: the run stops rather than put it into a request.`);
        this.id = id;
        this.name = 'ServiceIdError';
    }
}
/**
 * The storage refused a source upload. The signed URL carries its own authority (no API key goes
 * with it), so the message points at the URL, never at api-key.
 */
class UploadRefusedError extends ControlPlaneError {
    status;
    detail;
    constructor(
    /** The upload URL without its signed query. */
    path, status, detail) {
        super(`PUT ${path} (the source upload) failed with HTTP ${status}${detail ? `:\n${detail}` : ''}\nThe storage refused the signed upload URL the control plane gave (no API key is sent with it): it may have expired; run the step again.`, 'PUT', path);
        this.status = status;
        this.detail = detail;
        this.name = 'UploadRefusedError';
    }
}
/**
 * A list that would not end: the service answered a page it had answered before (it ignores the
 * offset or the page asked for), or more pages than any real list holds.
 */
class PagingError extends ControlPlaneError {
    constructor(method, path, problem) {
        super(`${method} ${path}: ${problem}; the list was not read further`, method, path);
        this.name = 'PagingError';
    }
}


/***/ }),

/***/ 7224:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EY: () => (/* binding */ backoffDelay),
/* harmony export */   mu: () => (/* binding */ parseRetryAfter),
/* harmony export */   yy: () => (/* binding */ sleep)
/* harmony export */ });
/** Capped exponential backoff with full jitter: a random delay in [0, min(max, base·2^n)). */
function backoffDelay(retryNumber, policy, random) {
    const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** retryNumber);
    return Math.floor(random() * ceiling);
}
/** Reads `Retry-After` as seconds or as an HTTP date; undefined when absent or unreadable. */
function parseRetryAfter(header, now) {
    if (header === undefined || header.trim() === '')
        return undefined;
    const text = header.trim();
    if (/^\d+(\.\d+)?$/.test(text))
        return Math.round(Number(text) * 1000);
    const date = Date.parse(text);
    if (Number.isNaN(date))
        return undefined;
    return Math.max(0, date - now);
}
/** Sleeps, or rejects with the signal's reason as soon as it is aborted. */
function sleep(ms, signal) {
    return new Promise((resolve, reject) => {
        if (signal?.aborted) {
            reject(signal.reason);
            return;
        }
        const timer = setTimeout(() => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
        }, ms);
        const onAbort = () => {
            clearTimeout(timer);
            reject(signal?.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
    });
}


/***/ }),

/***/ 8526:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Sr: () => (/* binding */ uploadUrlSchema),
/* harmony export */   UY: () => (/* binding */ revisionsListSchema),
/* harmony export */   Uj: () => (/* binding */ revisionLogsSchema),
/* harmony export */   X8: () => (/* binding */ revisionSchema),
/* harmony export */   ai: () => (/* binding */ deploymentsListSchema),
/* harmony export */   fP: () => (/* binding */ deploymentSchema),
/* harmony export */   ut: () => (/* binding */ errorBodySchema)
/* harmony export */ });
/* unused harmony exports sourceConfigSchema, sourceRevisionConfigSchema, logEntrySchema */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2857);

/**
 * Shapes of the control plane's answers, parsed rather than trusted. Only the fields the action
 * reads are kept; `secrets` in particular is dropped so that no secret value travels further.
 * Enumerations the service may grow (statuses, sources) are plain strings here: an unknown value
 * must not break a deploy (an unknown revision status means "keep waiting").
 */
const sourceConfigSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    integration_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    repo_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    deployment_type: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    build_on_push: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY().nullish(),
    custom_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    listener_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish()
});
const sourceRevisionConfigSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    repo_ref: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    graph_config_path: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    image_uri: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    source_tarball_path: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    repo_commit_sha: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish()
});
const deploymentSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    name: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    source: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    status: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    source_config: sourceConfigSchema.nullish().transform((value) => value ?? {}),
    source_revision_config: sourceRevisionConfigSchema.nullish().transform((value) => value ?? {}),
    latest_revision_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullable(),
    active_revision_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    /** When the deployment last changed; operation prune judges staleness by it. */
    updated_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    /**
     * The deployment's tracing project, when the service says (not in the published schema): used
     * only when it is a UUID, so any other value is kept as text and judged where it is read.
     */
    tracer_session_id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish()
});
const deploymentsListSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    resources: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(deploymentSchema),
    offset: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nullish()
});
const revisionSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    id: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    status: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1),
    created_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    updated_at: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    source: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish(),
    source_revision_config: sourceRevisionConfigSchema.nullish()
});
const revisionsListSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    resources: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(revisionSchema),
    offset: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().nullish()
});
const uploadUrlSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    upload_url: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().url(),
    object_path: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().min(1)
});
/** `{"detail": "..."}`, or for 422 `{"detail": [{loc, msg, type}]}`. */
const errorBodySchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    detail: zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([
        zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
        zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
            loc: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig()])).optional(),
            msg: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
            type: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional()
        })),
        zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J()
    ])
});
/** One log object: its fields are not documented, so it is kept whole and read defensively. */
const logEntrySchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J());
const revisionLogsSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    logs: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(logEntrySchema),
    next_offset: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().nullish()
});


/***/ }),

/***/ 9747:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   JS: () => (/* binding */ attemptTimeout),
/* harmony export */   SM: () => (/* binding */ createDispatcher),
/* harmony export */   Ul: () => (/* binding */ cappedFetch),
/* harmony export */   V9: () => (/* binding */ BODY_CAPS),
/* harmony export */   tN: () => (/* binding */ send),
/* harmony export */   wX: () => (/* binding */ TransportError),
/* harmony export */   zc: () => (/* binding */ timeLimit)
/* harmony export */ });
/* unused harmony export PROXY_ANSWER_TIMEOUT_MS */
/* harmony import */ var _lib_duration__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2543);
/* harmony import */ var undici__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6752);
/* harmony import */ var _lib_bytes__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9792);
/**
 * The only HTTP code of the action: one send() for the control plane, the signed upload URL and
 * the agent server. It bounds every wait by the caller's timeout and signal (a proxy's CONNECT
 * included) and reads bodies incrementally up to a cap.
 */



const MB = 1024 * 1024;
/** The most of a body read for each use; past it the request fails once and is not retried. */
const BODY_CAPS = {
    /** A control-plane answer: a deployment, a revision, a page of 100 deployments. */
    controlPlaneJson: 10 * MB,
    /** A page of a revision's build or deploy logs. */
    logPage: 10 * MB,
    /** The storage's answer to the source upload, which is not read. */
    uploadAnswer: 1 * MB,
    /** An agent server's answer: an assistant, a run's messages, an agent card, an A2A reply. */
    agentReply: 4 * MB,
    /** A tracing service answer: a dataset, a page of 100 examples, rules, feedback, an experiment. */
    tracingJson: 10 * MB,
    /** A GitHub API answer: a page of 100 comments of at most 65,536 characters each. */
    githubJson: 10 * MB
};
/**
 * How long a proxy may take to answer CONNECT. The request's own signal cannot reach undici's
 * tunnel set-up, so send() stops waiting at its timeout; this frees the socket soon after
 * (undici's default would hold it, and the process, for 300 s).
 */
const PROXY_ANSWER_TIMEOUT_MS = 5_000;
/**
 * The pool of connections to a proxy, through which ProxyAgent opens each tunnel (CONNECT). A
 * proxy that closes the connection fails a CONNECT with a socket error, which undici takes as
 * passing and answers by connecting again at once, without end and without looking at the
 * request's signal (thousands of CONNECTs a second). The failure is handed on as one that
 * fails the request instead: the client's own retries, with backoff and the deadline, decide.
 */
class TunnelPool extends undici__WEBPACK_IMPORTED_MODULE_1__.Pool {
    connect(options, callback) {
        if (callback)
            return super.connect(options, callback);
        return super.connect(options).catch((error) => {
            throw new ProxyTunnelError(error);
        });
    }
}
/** A CONNECT the proxy did not answer with a tunnel; its code is not one undici retries. */
class ProxyTunnelError extends Error {
    code = 'PROXY_TUNNEL_FAILED';
    constructor(cause) {
        super(`the proxy did not open a tunnel: ${cause instanceof Error ? cause.message : String(cause)}`);
        this.name = 'ProxyTunnelError';
    }
}
/** The variables that route requests through a proxy, as undici's EnvHttpProxyAgent reads them. */
const PROXY_VARIABLES = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy'];
/**
 * The dispatcher of a run: HTTP(S)_PROXY and NO_PROXY honoured, the proxy's answer bounded.
 * undici 6 (the line @actions/core and @actions/github use, so the bundle holds one undici) marks
 * EnvHttpProxyAgent experimental and says so on stderr when one is made: a run with no proxy
 * variable set gets a plain Agent instead.
 */
function createDispatcher(options = {}) {
    const { env = process.env, ...proxy } = options;
    const proxied = proxy.httpProxy !== undefined || PROXY_VARIABLES.some((name) => env[name]);
    if (!proxied)
        return new undici__WEBPACK_IMPORTED_MODULE_1__.Agent();
    // clientFactory is ProxyAgent's option, which EnvHttpProxyAgent hands on to its proxy agents
    // (its type leaves it out); __tests__/control-plane/transport.test.ts holds that a silent proxy
    // is let go.
    // Read from `env` as undici would read process.env (a run's world may not be this process's).
    const agentOptions = {
        httpProxy: env.http_proxy ?? env.HTTP_PROXY ?? '',
        httpsProxy: env.https_proxy ?? env.HTTPS_PROXY ?? '',
        noProxy: env.no_proxy ?? env.NO_PROXY ?? '',
        ...proxy,
        clientFactory: (origin, clientOptions) => new TunnelPool(origin, {
            ...clientOptions,
            headersTimeout: PROXY_ANSWER_TIMEOUT_MS,
            bodyTimeout: PROXY_ANSWER_TIMEOUT_MS
        })
    };
    return new undici__WEBPACK_IMPORTED_MODULE_1__.EnvHttpProxyAgent(agentOptions);
}
/** The exchange failed: no answer, none within the timeout, or a body over the cap. */
class TransportError extends Error {
    kind;
    reason;
    status;
    constructor(kind, 
    /** For people: `ECONNRESET`, `no answer within 2 s`, `a body over 10.0 MB`. */
    reason, 
    /** The status of a too-large answer; undefined when none came. */
    status) {
        super(reason);
        this.kind = kind;
        this.reason = reason;
        this.status = status;
        this.name = 'TransportError';
    }
}
/**
 * The time one attempt may take: the request timeout, cut to what is left before the deadline.
 * `cutByDeadline` says the deadline, not the request timeout, set the bound; undefined when
 * nothing is left.
 */
function attemptTimeout(requestTimeoutMs, deadline, now) {
    const remaining = deadline === undefined ? Infinity : deadline - now;
    if (remaining <= 0)
        return undefined;
    return remaining < requestTimeoutMs
        ? { timeoutMs: remaining, cutByDeadline: true }
        : { timeoutMs: requestTimeoutMs, cutByDeadline: false };
}
/**
 * Sends one request and reads its answer, never longer than `timeoutMs` and never more than
 * `maxBodyBytes` of body. Redirects are not followed: a 3xx is an answer like any other.
 */
async function send(spec) {
    spec.signal?.throwIfAborted();
    const timeout = timeLimit(spec.timeoutMs, spec.sleep);
    const signal = spec.signal ? AbortSignal.any([spec.signal, timeout.signal]) : timeout.signal;
    try {
        return await untilAborted(exchange(spec, signal), signal);
    }
    catch (error) {
        if (spec.signal?.aborted)
            throw spec.signal.reason;
        if (error instanceof TransportError)
            throw error;
        if (timeout.signal.aborted) {
            throw new TransportError('timeout', `no answer within ${formatSeconds(spec.timeoutMs)}`);
        }
        throw new TransportError('network', describeNetworkError(error));
    }
    finally {
        timeout.stop();
    }
}
/**
 * A signal that aborts with a TimeoutError once `ms` have passed on the clock `sleep` belongs to
 * (real time when undefined, as AbortSignal.timeout); `stop()` when the work it bounds is over.
 */
function timeLimit(ms, sleep) {
    if (!sleep)
        return { signal: AbortSignal.timeout(ms), stop: () => undefined };
    const timedOut = new AbortController();
    const stopped = new AbortController();
    sleep(ms, stopped.signal).then(() => timedOut.abort(new DOMException('The operation timed out.', 'TimeoutError')), () => undefined);
    return { signal: timedOut.signal, stop: () => stopped.abort() };
}
async function exchange(spec, signal) {
    const response = await (0,undici__WEBPACK_IMPORTED_MODULE_1__.request)(spec.url, {
        method: spec.method,
        headers: spec.headers,
        body: spec.body,
        signal,
        dispatcher: spec.dispatcher
    });
    const tooLarge = () => new TransportError('too-large', `a body over ${(0,_lib_bytes__WEBPACK_IMPORTED_MODULE_2__/* .formatBytes */ .z)(spec.maxBodyBytes)}`, status);
    const status = response.statusCode;
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > spec.maxBodyBytes) {
        discard(response.body);
        throw tooLarge();
    }
    const chunks = [];
    let bytes = 0;
    for await (const chunk of response.body) {
        bytes += chunk.length;
        if (bytes > spec.maxBodyBytes) {
            discard(response.body);
            throw tooLarge();
        }
        chunks.push(chunk);
    }
    return { status, headers: response.headers, bodyText: Buffer.concat(chunks).toString('utf8') };
}
/**
 * Stops reading a body and lets its socket go. undici reports the abort as an 'error' event on
 * the body, which nothing is reading any more: it is swallowed here rather than left unhandled.
 */
function discard(body) {
    body.on('error', () => undefined);
    body.destroy();
}
/**
 * Rejects as soon as the signal aborts, whatever the exchange is waiting for. undici queues a
 * request while its connection (or a proxy's tunnel) is being set up, and does not look at the
 * signal until then; a late answer is then dropped.
 */
function untilAborted(work, signal) {
    return new Promise((resolve, reject) => {
        const onAbort = () => reject(signal.reason);
        if (signal.aborted)
            onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
}
function formatSeconds(ms) {
    return (0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(ms, 'fine');
}
function describeNetworkError(error) {
    if (error instanceof Error) {
        const code = error.code;
        const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
        return typeof code === 'string'
            ? `${error.message} (${code})${cause}`
            : `${error.message}${cause}`;
    }
    return String(error);
}
/** Statuses whose answer has no body (a Response made with one throws). */
const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);
/**
 * A fetch that reads each answer's body up to `maxBytes` before handing it on (for clients that
 * take a fetch, such as Octokit): past the cap it stops reading and rejects with a 'too-large'
 * TransportError, so that no answer can fill the memory.
 */
function cappedFetch(inner, maxBytes) {
    return async (input, init) => {
        const response = await inner(input, init);
        const tooLarge = () => new TransportError('too-large', `a body over ${(0,_lib_bytes__WEBPACK_IMPORTED_MODULE_2__/* .formatBytes */ .z)(maxBytes)}`, response.status);
        const declared = Number(response.headers.get('content-length') ?? NaN);
        if (Number.isFinite(declared) && declared > maxBytes) {
            await response.body?.cancel().catch(() => undefined);
            throw tooLarge();
        }
        const chunks = [];
        let bytes = 0;
        if (response.body) {
            const reader = response.body.getReader();
            for (;;) {
                const { done, value } = await reader.read();
                if (done)
                    break;
                bytes += value.byteLength;
                if (bytes > maxBytes) {
                    await reader.cancel().catch(() => undefined);
                    throw tooLarge();
                }
                chunks.push(value);
            }
        }
        const read = new Response(NO_BODY_STATUSES.has(response.status) ? null : Buffer.concat(chunks), {
            status: response.status,
            statusText: response.statusText,
            headers: response.headers
        });
        // The client reads the URL the answer came from (a Response made anew has none).
        Object.defineProperty(read, 'url', { value: response.url });
        return read;
    };
}


/***/ }),

/***/ 3162:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DY: () => (/* binding */ gateLogLines),
/* harmony export */   gc: () => (/* binding */ gateRender)
/* harmony export */ });
/* unused harmony exports baselineWords, renderGate, renderGateLine, gateStatusLine */
/* harmony import */ var _lib_gate_thresholds__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1657);
/* harmony import */ var _lib_json__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8453);
/* harmony import */ var _report_kit_shapes__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4701);
/**
 * The evaluation gate as people see it: one table (key, mean (n), baseline, change, the examples
 * compared, threshold, verdict), the examples that regressed most (or scored lowest), a cost hint and links, for the
 * job summary and the pull-request comment; one plain line for the GitHub status; lines for the
 * log. Every text from the tracing service or the dataset goes through `md` (redacted, then
 * escaped). Evaluator comments and categorical values never reach a report: scores only.
 */



/** Characters of an example's first line in the table. */
const MAX_EXAMPLE_CHARS = 120;
/** Examples listed at the most. */
const MAX_EXAMPLES = 10;
const VERDICT_WORDS = {
    passed: 'passed',
    failed: 'failed',
    inconclusive: 'could not conclude',
    skipped: 'skipped'
};
const KEY_MARKS = {
    pass: '✅ pass',
    fail: '❌ fail',
    inconclusive: '⚠️ could not conclude'
};
const number = (value) => value === null || value === undefined ? '—' : String(Number(value.toFixed(3)));
/** A change in words' figures: `+0.05`, `−1.00` (a true minus sign, two decimals). */
const signed = (value) => value === null || value === undefined
    ? '—'
    : `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toFixed(2)}`;
/** A key's mean and how many scores it is of: `0.82, mean of 6`. */
const meanOf = (row) => `${number(row.mean)}, mean of ${row.n}`;
/** How many examples the baseline and the change are about. */
const compared = (count) => count === null ? '—' : `${count} example${count === 1 ? '' : 's'}`;
/** The thresholds of a key, in words: `≥ 0.8`, `drop ≤ 0.05`. */
function threshold(row) {
    const parts = [];
    if (row.minScore !== undefined)
        parts.push(`≥ ${number(row.minScore)}`);
    if (row.maxRegression !== undefined)
        parts.push(`drop ≤ ${number(row.maxRegression)}`);
    return parts.length > 0 ? parts.join(', ') : '—';
}
/**
 * What the gate compared with, in the reader's words: never the tracing service's full experiment
 * id alone.
 */
function baselineWords(report, md) {
    const { baseline } = report;
    const short = (id) => md.code(id.slice(0, 8));
    if (baseline === undefined)
        return report.baselineExperimentId === undefined
            ? undefined
            : `experiment ${short(report.baselineExperimentId)}`;
    switch (baseline.kind) {
        case 'serving-first':
            return `the previous revision (${short(baseline.revisionId)}), evaluated just before this deploy`;
        case 'previous':
            return baseline.revisionId === undefined
                ? "the previous revision's gate run"
                : `the previous revision's gate run (${short(baseline.revisionId)})`;
        case 'dataset':
            return "the dataset's baseline";
        case 'experiment':
            return `experiment ${short(baseline.experimentId)} (gate.baseline)`;
    }
}
/**
 * The gate in the job summary and the PR comment. `broughtBack`: the revision a rollback brought
 * back after the gate failed, which is not evaluated again.
 */
function renderGate(report, md, options = {}) {
    const { verdict, rows } = report;
    const withBaseline = rows.some((row) => row.baseline !== null);
    const header = withBaseline
        ? ['Score', 'This revision', 'Baseline', 'Change from it', 'Compared', 'Bound', 'Verdict']
        : ['Score', 'This revision', 'Bound', 'Verdict'];
    const table = rows.length === 0
        ? []
        : [
            `| ${header.join(' | ')} |`,
            `|${header.map(() => '---').join('|')}|`,
            ...rows.map((row) => {
                const cells = [
                    md.cell(row.key),
                    meanOf(row),
                    ...(withBaseline
                        ? [number(row.baseline), signed(row.delta), compared(row.compared)]
                        : []),
                    threshold(row),
                    KEY_MARKS[row.verdict]
                ];
                return `| ${cells.join(' | ')} |`;
            }),
            ''
        ];
    const dataset = report.datasetName ? ` on ${md.cell(report.datasetName)}` : '';
    const against = baselineWords(report, md);
    const errorRate = report.runs > 0 ? Math.round((report.errors / report.runs) * 100) : 0;
    return [
        `### Evaluation gate: ${VERDICT_WORDS[verdict.verdict]}`,
        '',
        `${report.runs} runs${dataset}, ${report.errors} failed (${errorRate}%). ${against === undefined ? 'No baseline.' : `Compared with ${against}.`}`,
        '',
        ...(verdict.why !== undefined && options.failedHere !== true
            ? [md.paragraph(verdict.why), '']
            : []),
        ...table,
        ...renderExamples(report, md),
        `Cost: ${report.cost.agentCalls} agent calls, ${report.cost.evaluatorScores} evaluator scores read.`,
        '',
        ...renderLinks(report, md),
        ...(options.broughtBack !== undefined
            ? [notEvaluatedAgain(md.code(options.broughtBack.slice(0, 8)), report.degraded === true), '']
            : []),
        ...report.notices.flatMap((notice) => [md.paragraph(notice), ''])
    ];
}
/**
 * Why the brought-back revision has no experiment of its own: it served before; the service's
 * trouble is a reason only when the service was degraded.
 */
function notEvaluatedAgain(revision, degraded) {
    const cost = degraded
        ? ', and a second experiment would double the cost while the service is degraded'
        : '';
    return `Revision ${revision}, brought back by the rollback, was not evaluated again: it served before, and its earlier experiment still stands${cost}.`;
}
/**
 * The gate in the PR comment: one line (its verdict, the keys that decided, against what, a link
 * in words), the table, examples and cost collapsed beneath it.
 */
function renderGateLine(report, md, options = {}) {
    const { verdict } = report.verdict;
    const mark = verdict === 'passed' ? '✅' : verdict === 'skipped' ? '⏭️' : '❌';
    const deciding = verdict === 'passed' ? report.rows : report.rows.filter((row) => row.verdict !== 'pass');
    const baseline = baselineWords(report, md);
    const keys = deciding.map((row) => {
        const change = row.delta !== null ? `, ${signed(row.delta)} against ${baseline ?? 'the baseline'}` : '';
        const needs = threshold(row) === '—' ? '' : `, needs ${threshold(row)}`;
        return `${md.cell(row.key)} ${meanOf(row)}${change}${needs}`;
    });
    // The baseline is named beside each change; said once more only when no change names it.
    const against = deciding.some((row) => row.delta !== null)
        ? ''
        : baseline === undefined
            ? 'no baseline'
            : `against ${baseline}`;
    const link = report.links.experiment
        ? ` ${md.linkAs('experiment ↗', report.links.experiment)}`
        : '';
    const said = [keys.join('; '), against].filter((part) => part).join(', ');
    const details = renderGate(report, md, options).slice(2);
    return [
        `**Evaluation gate:** ${mark} ${VERDICT_WORDS[verdict]}: ${said}.${link}`,
        '',
        "<details><summary>The gate's scores</summary>",
        '',
        ...details,
        '</details>',
        ''
    ];
}
function renderExamples(report, md) {
    const { kind, rows } = report.examples;
    if (rows.length === 0)
        return [];
    const regressed = kind === 'regressed';
    const shown = rows.slice(0, MAX_EXAMPLES);
    return [
        regressed ? '#### Examples that regressed most' : '#### Lowest-scoring examples',
        '',
        regressed
            ? '| Example (first line) | Key | Score | Baseline | Change |'
            : '| Example (first line) | Key | Score |',
        regressed ? '|---|---|---|---|---|' : '|---|---|---|',
        ...shown.map((row) => {
            const line = row.firstLine.length > MAX_EXAMPLE_CHARS
                ? `${row.firstLine.slice(0, MAX_EXAMPLE_CHARS)}…`
                : row.firstLine;
            const cells = [md.cell(line || row.exampleId), md.cell(row.key), number(row.score)];
            if (regressed)
                cells.push(number(row.baseline), signed(row.delta));
            return `| ${cells.join(' | ')} |`;
        }),
        ''
    ];
}
function renderLinks(report, md) {
    const { experiment, comparison } = report.links;
    const links = [
        ...(experiment ? [md.linkAs('experiment ↗', experiment)] : []),
        ...(comparison ? [md.linkAs('comparison with the baseline ↗', comparison)] : [])
    ];
    return links.length > 0 ? [`Links: ${links.join(' · ')}`, ''] : [];
}
/**
 * The gate's verdict in one short plain line, for the GitHub status's description and the
 * headline: the words and, on a miss, the keys that missed (keys are input names: letters,
 * digits, `_.:-`). The numbers are the reason's, said once, in words, under the headline.
 */
function gateStatusLine(report) {
    const words = `gate ${VERDICT_WORDS[report.verdict.verdict]}`;
    const missed = report.rows.filter((row) => row.verdict !== 'pass');
    if (report.verdict.verdict === 'passed' || missed.length === 0)
        return words;
    const [first] = missed;
    const more = missed.length > 1 ? ` and ${missed.length - 1} more` : '';
    return `${words} on ${(first?.key ?? '').slice(0, 40)}${more}`;
}
/** The gate's table in the log, a line per key (the log redacts and escapes each line). */
function gateLogLines(report) {
    return [
        `Evaluation gate ${VERDICT_WORDS[report.verdict.verdict]}: ${report.runs} runs, ${report.errors} failed; ${report.cost.agentCalls} agent calls, ${report.cost.evaluatorScores} evaluator scores.`,
        ...report.rows.map((row) => `  ${row.key}: mean ${number(row.mean)} (n ${row.n}), baseline ${number(row.baseline)}, change ${signed(row.delta)} on ${compared(row.compared)}, threshold ${threshold(row)}: ${row.verdict}`)
    ];
}
const SCORE_FIELDS = ['mean', 'n', 'baseline', 'delta', 'compared', 'verdict'];
/**
 * `eval-scores`: a JSON object keyed by feedback keys (the gate writes only the keys the inputs
 * named, which have FEEDBACK_KEY's shape), each `{mean, n, baseline, delta, compared, verdict}`
 * holding numbers, null and the fixed words only; never `pass` beside a null mean.
 */
const evalScores = (value) => {
    const scores = (0,_lib_json__WEBPACK_IMPORTED_MODULE_1__/* .parseJson */ .q)(value);
    if (scores === undefined)
        return { problem: 'it is not JSON' };
    if (typeof scores !== 'object' || scores === null || Array.isArray(scores))
        return { problem: 'it is not a JSON object' };
    for (const [key, row] of Object.entries(scores)) {
        if (!_lib_gate_thresholds__WEBPACK_IMPORTED_MODULE_2__/* .FEEDBACK_KEY */ .Ec.test(key))
            return { problem: 'it holds a key that is not a feedback key' };
        if (typeof row !== 'object' || row === null || Array.isArray(row))
            return { problem: `its ${key} is not an object` };
        const fields = Object.keys(row);
        if (fields.length !== SCORE_FIELDS.length || !SCORE_FIELDS.every((f) => fields.includes(f)))
            return { problem: `its ${key} does not hold exactly ${SCORE_FIELDS.join(', ')}` };
        const { mean, n, baseline, delta, compared, verdict } = row;
        if (![mean, baseline, delta].every(_report_kit_shapes__WEBPACK_IMPORTED_MODULE_0__/* .numberOrNull */ .wD) ||
            !Number.isInteger(n) ||
            !(compared === null || Number.isInteger(compared)))
            return { problem: `its ${key} holds a value that is not a number or null` };
        if (!_report_kit_shapes__WEBPACK_IMPORTED_MODULE_0__/* .KEY_VERDICTS */ .jO.includes(verdict))
            return { problem: `its ${key} has an unknown verdict` };
        if (verdict === 'pass' && mean === null)
            return { problem: `its ${key} passes without a mean` };
    }
    return { value };
};
/** The evaluation gate's renderer row. */
const gateRender = {
    words: 'evaluation gate',
    failedPhrase: (gate) => `evaluation ${gateStatusLine(gate)}`,
    summary: (gate, { md, broughtBack, failedHere }) => renderGate(gate, md, { broughtBack, failedHere }),
    comment: (gate, { md, broughtBack, failedHere }) => renderGateLine(gate, md, { broughtBack, failedHere }),
    status: (gate) => gateStatusLine(gate),
    outputs: (gate) => gate.outputs,
    shapes: {
        'eval-passed': _report_kit_shapes__WEBPACK_IMPORTED_MODULE_0__/* .flag */ .Jt,
        'experiment-id': _report_kit_shapes__WEBPACK_IMPORTED_MODULE_0__/* .uuid */ .uR,
        'baseline-experiment-id': _report_kit_shapes__WEBPACK_IMPORTED_MODULE_0__/* .uuid */ .uR,
        'eval-scores': evalScores
    }
};


/***/ }),

/***/ 9407:
/***/ ((module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
__webpack_require__.r(__webpack_exports__);
/* harmony import */ var _main__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4938);
/* harmony import */ var _real_world__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6546);


const world = (0,_real_world__WEBPACK_IMPORTED_MODULE_1__.createRealWorld)();
try {
    await (0,_main__WEBPACK_IMPORTED_MODULE_0__/* .run */ .eF)(world);
}
finally {
    await world.close();
}

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 9451:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A9: () => (/* binding */ SOURCE_INPUTS),
/* harmony export */   Jh: () => (/* binding */ TRACING_INPUTS),
/* harmony export */   Qh: () => (/* binding */ INPUT_NAMES),
/* harmony export */   RL: () => (/* binding */ MULTI_LINE_INPUTS),
/* harmony export */   WJ: () => (/* binding */ INPUT_DEFAULTS)
/* harmony export */ });
/* unused harmony export OUTPUT_NAMES */
/** The tracing service's inputs: what the policy's evaluation gate reads the dataset from. */
const TRACING_INPUTS = ['tracing-url', 'tracing-web-url'];
/** What is built and how: inputs that mean nothing to operations delete and rollback. */
const SOURCE_INPUTS = [
    'source',
    'repo-url',
    'integration-id',
    'repo-ref',
    'deployment-type',
    'build-on-push',
    'graph-config-path',
    'image-uri',
    'listener-id',
    'k8s-namespace',
    'custom-url',
    'resource-spec',
    'source-dir',
    'install-command',
    'build-command',
    'secrets'
];
/**
 * The names of the action's public interface, as declared in action.yml. Every input is read and
 * every output written through these lists only, so a test can hold them against action.yml.
 */
const INPUT_NAMES = [
    'api-url',
    'api-key',
    'tenant-id',
    'name',
    'operation',
    'deployment-id',
    ...SOURCE_INPUTS,
    'wait',
    'timeout',
    'poll-interval',
    'log-lines',
    'dry-run',
    // What must hold before a new revision stays (the release policy's file)
    'release-policy',
    'delete-tracing-project',
    'agent-api-key',
    'agent-auth-scheme',
    'github-token',
    'environment',
    'pr-comment',
    'to-revision',
    // Preview lifecycle (operation prune)
    'prune-prefix',
    'prune-older-than',
    'prune-closed-prs',
    // Promote (operation promote)
    'from-deployment',
    // The tracing service (the policy's evaluation gate)
    ...TRACING_INPUTS
];
/**
 * The `default:` of every input that action.yml gives one (a test holds the two equal). On a runner
 * `core.getInput` already returns these for an absent input; the table tells a value the user gave
 * from a default, and fills in for callers (tests, bench) that leave an input empty.
 */
const INPUT_DEFAULTS = {
    operation: 'deploy',
    source: 'git_host',
    'source-dir': '.',
    wait: 'true',
    timeout: '30m',
    'poll-interval': '10s',
    'log-lines': '50',
    'dry-run': 'false',
    'delete-tracing-project': 'false',
    'pr-comment': 'false',
    'prune-closed-prs': 'false'
};
/**
 * Inputs that may span lines (tabs and line breaks allowed). Every other input is one line of
 * text: it ends up in a header, a URL or a JSON field, where a control character has no business.
 */
const MULTI_LINE_INPUTS = ['secrets', 'resource-spec'];
const OUTPUT_NAMES = (/* unused pure expression or super */ null && ([
    'deployment-id',
    'revision-id',
    'revision-status',
    'deployment-url',
    'created',
    'previous-revision-id',
    'rolled-back',
    'rollback-revision-id',
    // Preview lifecycle (operation prune)
    'pruned',
    // Smoke suite (smoke.cases)
    'cases-passed',
    'cases-failed',
    // Promote (operation promote)
    'promoted-from',
    // Evaluation gate (gate.dataset)
    'eval-passed',
    'experiment-id',
    'baseline-experiment-id',
    'eval-scores',
    // Bake window (bake.duration)
    'bake-passed',
    'bake-stats',
    // Assistants as code (the policy's assistants)
    'assistants',
    // Parked threads (threads.parked: check)
    'parked-threads'
]));


/***/ }),

/***/ 3911:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fi: () => (/* binding */ deploymentTypeProblem),
/* harmony export */   G9: () => (/* binding */ deploymentTypeRefusal),
/* harmony export */   _o: () => (/* binding */ DEPLOYMENT_TYPES)
/* harmony export */ });
/* harmony import */ var _control_plane_errors__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4007);
/* harmony import */ var _policy_kit_problems__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2467);


/**
 * `deployment-type`: the published schema's three and the usage-based plans' two of the service
 * in 2026 (service-notes). Which of them a workspace's plan takes, the service decides.
 */
const DEPLOYMENT_TYPES = ['dev_free', 'dev', 'prod', 'serverless', 'dedicated'];
const inWords = (values) => values.length <= 1 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
/** The refusal of a value that is none of the five, with the nearest of them. */
function deploymentTypeProblem(value) {
    const near = (0,_policy_kit_problems__WEBPACK_IMPORTED_MODULE_1__/* .nearest */ .pA)(value, DEPLOYMENT_TYPES);
    return `must be one of ${inWords(DEPLOYMENT_TYPES)}${near === undefined ? '' : `; did you mean ${near}?`}`;
}
/**
 * A create refused with a 422 on `source_config.deployment_type` (the workspace's plan does not
 * take the type), explained naming the input, the value sent and the values the answer names
 * (else the five). Undefined for any other error.
 */
function deploymentTypeRefusal(error, sent) {
    if (!(error instanceof _control_plane_errors__WEBPACK_IMPORTED_MODULE_0__/* .HttpStatusError */ .F9) || error.status !== 422 || sent === undefined)
        return undefined;
    const lines = error.detail.split('\n').filter((line) => line.includes('deployment_type'));
    if (lines.length === 0)
        return undefined;
    const named = [
        ...new Set(lines.flatMap((line) => [...line.matchAll(/'([A-Za-z0-9_-]{1,40})'/g)].map((match) => match[1] ?? '')))
    ].filter((value) => value !== '' && value !== sent);
    const takes = named.length > 0
        ? `it names ${inWords(named)} as the values it takes`
        : `it does not say which it takes; the service knows ${inWords(DEPLOYMENT_TYPES)}, and which of them a workspace's plan takes, it decides`;
    return new Error(`deployment-type ${sent} was refused by the service when it was asked to create the deployment (HTTP 422 on source_config.deployment_type): ${takes}. Set deployment-type to a type this workspace's plan takes, or leave it out. The service said:\n${error.detail}`);
}


/***/ }),

/***/ 95:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Cm: () => (/* binding */ MAX_LOG_LINES),
  xb: () => (/* binding */ OPERATIONS),
  Hl: () => (/* binding */ SOURCES),
  yD: () => (/* binding */ inputFields)
});

// UNUSED EXPORTS: DEPLOYMENT_TYPES, MIN_POLL_INTERVAL_MS, MIN_PRUNE_PREFIX

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(2857);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/core.js
var core = __webpack_require__(8532);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/coerce.js
var coerce = __webpack_require__(9567);
// EXTERNAL MODULE: ./src/operation-facts.ts
var operation_facts = __webpack_require__(8924);
// EXTERNAL MODULE: ./src/lib/duration.ts
var duration = __webpack_require__(2543);
// EXTERNAL MODULE: ./src/inputs/contract.ts
var contract = __webpack_require__(9451);
// EXTERNAL MODULE: ./src/inputs/git-ref.ts
var git_ref = __webpack_require__(6905);
// EXTERNAL MODULE: ./src/inputs/secrets.ts
var inputs_secrets = __webpack_require__(3332);
// EXTERNAL MODULE: ./src/lib/character-kinds.ts
var character_kinds = __webpack_require__(9562);
;// CONCATENATED MODULE: ./src/inputs/text.ts

/**
 * C0 control characters and DEL; a multi-line input also holds tab, LF and CR. C1 and the
 * Unicode separators are let through: an input is the workflow author's own text, read as
 * written, and refusing them now would refuse inputs that runs take today.
 */
const SINGLE_LINE_CONTROL = (0,character_kinds/* characterClass */.EV)(['tab', 'lineFeed', 'carriageReturn', 'c0', 'del']);
const MULTI_LINE_CONTROL = (0,character_kinds/* characterClass */.EV)(['c0', 'del']);
/**
 * Why `text` cannot be taken as the value of an input, or undefined when it can. The problem names
 * the character by its code and where it is, never the text around it: the value may be a key.
 */
function controlCharacterProblem(text, multiLine) {
    const chars = [...text];
    const control = multiLine ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL;
    const index = chars.findIndex((char) => control.test(char));
    if (index < 0)
        return undefined;
    const char = chars[index] ?? '';
    if (!multiLine) {
        return `holds a control character (${(0,character_kinds/* codePoint */.yb)(char)} at character ${index + 1}); it must be a single line of text`;
    }
    const line = chars.slice(0, index).filter((c) => c === '\n').length + 1;
    return `line ${line} holds a control character (${(0,character_kinds/* codePoint */.yb)(char)}); only tabs and line breaks may appear`;
}

// EXTERNAL MODULE: ./src/inputs/deployment-type.ts
var deployment_type = __webpack_require__(3911);
// EXTERNAL MODULE: ./src/lib/ids.ts
var ids = __webpack_require__(829);
;// CONCATENATED MODULE: ./src/inputs/fields.ts









/** `log-lines` at the most: the logs are read over at most 3 pages of 100 lines, newest first. */
const MAX_LOG_LINES = 200;
const SOURCES = ['git_host', 'external_image', 'internal_image', 'internal_source'];

const OPERATIONS = operation_facts/* OPERATION_NAMES */.d;
/** Status checks more often than this only load the service (issue 12: 1,189 polls in 3 s). */
const MIN_POLL_INTERVAL_MS = 1_000;
/** A shorter prefix would let one prune reach far more deployments than its author meant. */
const MIN_PRUNE_PREFIX = 3;
/**
 * The runner's text of one input, undefined when blank. A one-line input is trimmed as
 * `core.getInput` trims it; a multi-line one is kept whole (a secret may end in a space). A
 * control character refuses the input before any other check can quote it.
 */
const given = (input) => schemas/* string */.YjP().transform((value, ctx) => {
    const multiLine = contract/* MULTI_LINE_INPUTS */.RL.includes(input);
    const text = multiLine ? value : value.trim();
    const problem = controlCharacterProblem(text, multiLine);
    if (problem === undefined)
        return text.trim() === '' ? undefined : text;
    ctx.issues.push({ code: 'custom', message: problem, input: value });
    return core/* NEVER */.tm;
});
const optional = (input, schema) => given(input).pipe(schema.optional());
/** An input with a default in action.yml: empty means the default. */
const defaulted = (input, schema) => given(input)
    .transform((text) => text ?? contract/* INPUT_DEFAULTS */.WJ[input])
    .pipe(schema);
const fields_text = schemas/* string */.YjP();
const prunePrefix = fields_text
    .regex(ids/* DEPLOYMENT_NAME */.c, 'must be the start of deployment names: lowercase letters, digits and "-", starting with a letter')
    .min(MIN_PRUNE_PREFIX, `must be at least ${MIN_PRUNE_PREFIX} characters (a shorter prefix reaches deployments that are not previews)`);
const uuid = schemas/* uuid */.uRe('must be a UUID (for example 123e4567-e89b-42d3-a456-426614174000)');
/** A deployment by name or by id: both are read the same way, an id first. */
const deploymentRef = fields_text.refine((value) => ids/* DEPLOYMENT_NAME */.c.test(value) || uuid.safeParse(value).success, 'must be a deployment name (lowercase letters, digits and "-", starting with a letter) or a deployment id (a UUID)');
const httpUrl = schemas/* url */.OZ5({ protocol: /^https?$/, error: 'must be an http(s) URL' });
// The further checks read a URL that parses: they run only once httpUrl has passed.
const apiUrl = httpUrl.pipe(schemas/* string */.YjP()
    .refine((url) => !/[?#]/.test(url), 'must not carry a query or fragment')
    .refine((url) => {
    const { username, password } = new URL(url);
    return username === '' && password === '';
}, 'must not carry a user name or password (the key goes in api-key)')
    .transform((url) => url.replace(/\/+$/, '')));
const booleanText = schemas/* enum */.k5n(['true', 'True', 'TRUE', 'false', 'False', 'FALSE'], { error: 'must be true or false' })
    .transform((value) => value.toLowerCase() === 'true');
const positiveDuration = schemas/* string */.YjP().transform((value, ctx) => {
    const ms = (0,duration/* parseDuration */.E)(value);
    if (ms !== undefined && ms > 0)
        return ms;
    ctx.issues.push({
        code: 'custom',
        message: `"${value}" is not a positive duration (seconds like 900, or 15m, 1h30m, 45s, 7d)`,
        input: value
    });
    return core/* NEVER */.tm;
});
const pollInterval = positiveDuration.pipe(schemas/* number */.aig()
    .min(MIN_POLL_INTERVAL_MS, 'must be at least 1s (checking more often only loads the service; 10s is the default)'));
const logLines = coerce/* number */.ai({ error: 'must be a whole number from 0 to 200' })
    .int('must be a whole number from 0 to 200')
    .min(0, 'must be a whole number from 0 to 200')
    .max(MAX_LOG_LINES, `must be at most ${MAX_LOG_LINES} (the logs are read over at most 3 pages)`);
const repoRef = schemas/* string */.YjP().transform((ref, ctx) => {
    const normalised = (0,git_ref/* normaliseRepoRef */.KD)(ref);
    if (normalised !== undefined)
        return normalised;
    ctx.issues.push({
        code: 'custom',
        message: 'must be a branch name (main) or a tag (refs/tags/v1.2.3)',
        input: ref
    });
    return core/* NEVER */.tm;
});
/** Runs a parser that reports problems as sentences; each becomes a problem of the input. */
const parsedBy = (parse) => schemas/* string */.YjP().transform((value, ctx) => {
    const parsed = parse(value);
    for (const message of parsed.problems)
        ctx.issues.push({ code: 'custom', message, input: '' });
    return parsed.problems.length > 0 || parsed.value === undefined ? core/* NEVER */.tm : parsed.value;
});
/**
 * Every input alone: its text to a typed value (undefined when not given and without a default).
 * How inputs go together is judged in rules.ts.
 */
const inputFields = schemas/* object */.Ikc({
    // Required by the rules (operation validate needs neither).
    'api-url': optional('api-url', apiUrl),
    'api-key': optional('api-key', fields_text),
    'tenant-id': optional('tenant-id', uuid),
    name: optional('name', fields_text.regex(ids/* DEPLOYMENT_NAME */.c, 'must be lowercase letters, digits and "-", starting with a letter')),
    operation: defaulted('operation', schemas/* enum */.k5n(OPERATIONS, { error: `must be one of ${OPERATIONS.join(', ')}` })),
    'deployment-id': optional('deployment-id', uuid),
    source: defaulted('source', schemas/* enum */.k5n(SOURCES, { error: `must be one of ${SOURCES.join(', ')}` })),
    'repo-url': optional('repo-url', httpUrl),
    'integration-id': optional('integration-id', uuid),
    'repo-ref': optional('repo-ref', repoRef),
    'deployment-type': optional('deployment-type', schemas/* enum */.k5n(deployment_type/* DEPLOYMENT_TYPES */._o, { error: (issue) => (0,deployment_type/* deploymentTypeProblem */.Fi)(String(issue.input)) })),
    'build-on-push': optional('build-on-push', booleanText),
    'graph-config-path': optional('graph-config-path', fields_text),
    'image-uri': optional('image-uri', fields_text),
    'listener-id': optional('listener-id', uuid),
    'k8s-namespace': optional('k8s-namespace', fields_text),
    'custom-url': optional('custom-url', httpUrl),
    // Its reader (and the YAML parser) load only when it is given: the inputs are parsed async.
    'resource-spec': optional('resource-spec', schemas/* string */.YjP().transform(async (value, ctx) => {
        const { parseResourceSpec } = await Promise.all(/* import() */[__webpack_require__.e(815), __webpack_require__.e(253)]).then(__webpack_require__.bind(__webpack_require__, 6253));
        const { spec, problems } = parseResourceSpec(value);
        for (const message of problems)
            ctx.issues.push({ code: 'custom', message, input: '' });
        return problems.length > 0 || spec === undefined ? core/* NEVER */.tm : spec;
    })),
    'source-dir': defaulted('source-dir', fields_text),
    'install-command': optional('install-command', fields_text),
    'build-command': optional('build-command', fields_text),
    secrets: optional('secrets', parsedBy((value) => {
        const { secrets, problems } = (0,inputs_secrets/* parseSecrets */.w)(value);
        return { value: secrets, problems };
    })),
    wait: defaulted('wait', booleanText),
    timeout: defaulted('timeout', positiveDuration),
    'poll-interval': defaulted('poll-interval', pollInterval),
    'log-lines': defaulted('log-lines', logLines),
    'dry-run': defaulted('dry-run', booleanText),
    'release-policy': optional('release-policy', fields_text),
    'delete-tracing-project': defaulted('delete-tracing-project', booleanText),
    'agent-api-key': optional('agent-api-key', fields_text),
    'agent-auth-scheme': optional('agent-auth-scheme', fields_text),
    'github-token': optional('github-token', fields_text),
    environment: optional('environment', fields_text),
    'pr-comment': defaulted('pr-comment', booleanText),
    'to-revision': optional('to-revision', uuid),
    // Preview lifecycle (operation prune)
    'prune-prefix': optional('prune-prefix', prunePrefix),
    'prune-older-than': optional('prune-older-than', positiveDuration),
    'prune-closed-prs': defaulted('prune-closed-prs', booleanText),
    // Promote (operation promote)
    'from-deployment': optional('from-deployment', deploymentRef),
    'tracing-url': optional('tracing-url', apiUrl),
    'tracing-web-url': optional('tracing-web-url', apiUrl)
});


/***/ }),

/***/ 6905:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   KD: () => (/* binding */ normaliseRepoRef),
/* harmony export */   kN: () => (/* binding */ isTagRef),
/* harmony export */   rV: () => (/* binding */ workflowRepoRef)
/* harmony export */ });
const PULL_REQUEST_EVENTS = ['pull_request', 'pull_request_target'];
/**
 * The `repo_ref` to deploy when `repo-ref` is not given: a pull request's head branch, a tag as
 * `refs/tags/<tag>`, a branch by its bare name. Undefined when the workflow's ref is none of these.
 */
function workflowRepoRef(env) {
    if (PULL_REQUEST_EVENTS.includes(env.GITHUB_EVENT_NAME ?? '') && env.GITHUB_HEAD_REF) {
        return env.GITHUB_HEAD_REF;
    }
    return normaliseRepoRef(env.GITHUB_REF ?? '');
}
/** The service takes a branch bare and a tag as `refs/tags/…`; other `refs/` forms cannot be sent. */
function normaliseRepoRef(ref) {
    const trimmed = ref.trim();
    if (trimmed === '')
        return undefined;
    if (trimmed.startsWith('refs/heads/'))
        return trimmed.slice('refs/heads/'.length) || undefined;
    if (trimmed.startsWith('refs/tags/'))
        return trimmed.length > 'refs/tags/'.length ? trimmed : undefined;
    if (trimmed.startsWith('refs/'))
        return undefined;
    return trimmed;
}
function isTagRef(ref) {
    return ref?.startsWith('refs/tags/') ?? false;
}


/***/ }),

/***/ 1978:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  dz: () => (/* reexport */ problems/* InputError */.d),
  TL: () => (/* binding */ parseInputs)
});

// UNUSED EXPORTS: DEPLOYMENT_TYPES, OPERATIONS, SOURCES

// EXTERNAL MODULE: ./src/inputs/contract.ts
var contract = __webpack_require__(9451);
// EXTERNAL MODULE: ./src/inputs/problems.ts
var problems = __webpack_require__(8925);
// EXTERNAL MODULE: ./src/inputs/release-policy.ts
var release_policy = __webpack_require__(4851);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(2857);
// EXTERNAL MODULE: ./src/inputs/git-ref.ts
var git_ref = __webpack_require__(6905);
// EXTERNAL MODULE: ./src/inputs/fields.ts + 1 modules
var fields = __webpack_require__(95);
// EXTERNAL MODULE: ./src/operation-facts.ts
var operation_facts = __webpack_require__(8924);
// EXTERNAL MODULE: ./src/inputs/step.ts
var inputs_step = __webpack_require__(7899);
;// CONCATENATED MODULE: ./src/inputs/rules.ts





/** Inputs that mean nothing to operation delete; given with it, they are refused by name. */
const DEPLOY_ONLY = [
    ...contract/* SOURCE_INPUTS */.A9,
    'agent-api-key',
    'agent-auth-scheme',
    'pr-comment',
    ...contract/* TRACING_INPUTS */.Jh
];
/** Inputs of operation prune only. */
const PRUNE_ONLY = ['prune-prefix', 'prune-older-than', 'prune-closed-prs'];
const GIT_HOST_ONLY = [
    'integration-id',
    'deployment-type',
    'build-on-push',
    'repo-url',
    'repo-ref'
];
const EXTERNAL_IMAGE_ONLY = [
    'listener-id',
    'k8s-namespace',
    'custom-url',
    'resource-spec'
];
const problem = (input, message) => ({ input, message });
/** The operation's row (../operation-facts.ts): what it needs of the inputs. */
const factsOf = (step) => operation_facts/* OPERATION_FACTS */.Y[step.operation];
/** The deployment an operation works on, named: not for one that finds its own, or has none. */
const target = (step) => factsOf(step).target !== 'deployment' || step.given('name') || step.given('deployment-id')
    ? []
    : [problem('name', 'is required unless deployment-id is given')];
/** The control plane's address and key: every operation that sends (validate sends nothing). */
const connection = (step) => {
    if (!factsOf(step).connection)
        return [];
    return [
        ...(step.given('api-url')
            ? []
            : [problem('api-url', 'is required (the control plane base URL)')]),
        ...(step.given('api-key') ? [] : [problem('api-key', 'is required')])
    ];
};
/** operation validate checks a release policy: without one it has nothing to check. */
const validate = (step) => factsOf(step).policy === 'checks' && !step.given('release-policy')
    ? [problem('release-policy', 'is required with operation validate (the file it checks)')]
    : [];
const operation = (step) => {
    // validate checks inputs as written for any operation: which one they serve is not its to say.
    if (step.operation === 'validate')
        return [];
    const refused = (inputs, message) => inputs.filter((input) => step.given(input)).map((input) => problem(input, message));
    const pruneOnly = refused(PRUNE_ONLY, `is only for operation prune, not ${step.operation}`);
    // The one refusal of a policy with delete or prune: the policy is then never read.
    const noPolicy = factsOf(step).policy === 'refused'
        ? refused(['release-policy'], `is not used with operation ${step.operation} (the release policy says what must hold before a new revision stays; ${step.operation} deploys none)`)
        : [];
    if (step.operation === 'delete') {
        return [
            ...refused(DEPLOY_ONLY, 'is for operation deploy, not delete'),
            ...noPolicy,
            ...pruneOnly
        ];
    }
    if (step.operation === 'prune') {
        return [
            ...refused(DEPLOY_ONLY, 'is for operation deploy, not prune'),
            ...noPolicy,
            ...refused(['name', 'deployment-id'], 'is not used with operation prune (it finds its deployments by prune-prefix)'),
            ...refused(['environment'], "is not used with operation prune (each preview's GitHub environment bears its name)")
        ];
    }
    const notForRollback = step.operation === 'rollback'
        ? refused(contract/* SOURCE_INPUTS */.A9, 'is for operation deploy, not rollback (a rollback redeploys a revision as it was)')
        : [];
    return [
        ...notForRollback,
        ...(step.flag('delete-tracing-project')
            ? [problem('delete-tracing-project', 'is only for operation delete or prune')]
            : []),
        ...pruneOnly
    ];
};
/** operation prune: what it may delete, and why, must be said. */
const prune = (step) => {
    if (step.operation !== 'prune')
        return [];
    const problems = [];
    if (!step.given('prune-prefix'))
        problems.push(problem('prune-prefix', 'is required with operation prune (only deployments whose names start with it are considered)'));
    if (!step.given('prune-older-than') && !step.flag('prune-closed-prs'))
        problems.push(problem('prune-older-than', 'or prune-closed-prs: true is required with operation prune (without a criterion nothing is stale)'));
    if (step.flag('prune-closed-prs') && !step.given('github-token'))
        problems.push(problem('prune-closed-prs', 'needs github-token (to read which pull requests are closed)'));
    return problems;
};
/** Inputs of one source given with another. */
const source = (step) => {
    const { source } = step;
    const isImage = source === 'external_image' || source === 'internal_image';
    const refuse = (inputs, applies, message) => applies ? inputs.filter((input) => step.given(input)).map((i) => problem(i, message)) : [];
    return [
        ...refuse(['source-dir'], source !== 'internal_source', `is only for source internal_source, not ${source}`),
        ...refuse(['install-command', 'build-command'], isImage, `is not used with source ${source} (the image is already built)`),
        ...refuse(GIT_HOST_ONLY, source !== 'git_host', `is only for source git_host, not ${source}`),
        ...refuse(EXTERNAL_IMAGE_ONLY, source !== 'external_image', `is only for source external_image, not ${source}`),
        ...refuse(['image-uri'], !isImage, 'is only for sources external_image and internal_image'),
        ...refuse(['graph-config-path'], isImage, `is not used with source ${source} (the image already holds the application)`)
    ];
};
/** git_host deploys: the ref to deploy, and build-on-push with it. */
const gitRef = (step) => {
    if (step.source !== 'git_host' || step.operation !== 'deploy')
        return [];
    const explicit = step.text('repo-ref');
    // An explicit ref that is not one is the field's problem.
    const ref = explicit === undefined ? (0,git_ref/* workflowRepoRef */.rV)(step.env) : (0,git_ref/* normaliseRepoRef */.KD)(explicit);
    if (explicit === undefined && ref === undefined) {
        return [
            problem('repo-ref', `is required: the workflow's ref (${step.env.GITHUB_REF || 'not set'}) is neither a branch nor a tag`)
        ];
    }
    return step.flag('build-on-push') && (0,git_ref/* isTagRef */.kN)(ref)
        ? [
            problem('build-on-push', `cannot be true when deploying the tag ${ref} (a tag is never pushed again)`)
        ]
        : [];
};
/** operation rollback's own input. */
const safeDelivery = (step) => [
    ...(step.given('to-revision') && step.operation !== 'rollback' && step.operation !== 'validate'
        ? [problem('to-revision', 'is only for operation rollback (the revision it redeploys)')]
        : [])
];
/** Without github-token, `environment` only picks the release policy's entry. */
const githubRecords = (step) => !step.given('github-token') && step.flag('pr-comment')
    ? [problem('pr-comment', 'needs github-token to write the comment')]
    : [];
/**
 * operation promote deploys what from-deployment serves: the inputs that say what to build have
 * no place beside it (secrets do: each deployment keeps its own), and it waits, since the commit
 * promoted is only checked once the revision is DEPLOYED.
 */
const promote = (step) => {
    if (step.operation !== 'promote') {
        return step.given('from-deployment') && step.operation !== 'validate'
            ? [problem('from-deployment', `is only for operation promote, not ${step.operation}`)]
            : [];
    }
    return [
        ...(step.given('from-deployment')
            ? []
            : [
                problem('from-deployment', 'is required with operation promote (the deployment whose serving revision is promoted)')
            ]),
        ...contract/* SOURCE_INPUTS */.A9.filter((input) => input !== 'secrets' && step.given(input)).map((input) => problem(input, 'is not used with operation promote (what is deployed is what from-deployment serves, and so is its source)')),
        ...(step.text('wait')?.toLowerCase() === 'false'
            ? [
                problem('wait', 'cannot be false with operation promote (what was promoted is checked once the revision is DEPLOYED)')
            ]
            : [])
    ];
};
const RULES = [
    target,
    connection,
    validate,
    operation,
    prune,
    source,
    gitRef,
    safeDelivery,
    githubRecords,
    promote
];
/** Every problem of inputs that do not go together, in the order of the rules above. */
function crossInputProblems(raw, env) {
    const step = new inputs_step/* Step */.p(raw, env);
    return RULES.flatMap((rule) => rule(step));
}
/** The rules as the half of the config schema that reads the raw text; it outputs nothing. */
const crossInputRules = schemas/* object */.Ikc({
    inputs: schemas/* record */.g1P(schemas/* enum */.k5n(contract/* INPUT_NAMES */.Qh), schemas/* string */.YjP()),
    env: schemas/* custom */.IeY((env) => typeof env === 'object' && env !== null)
})
    .check((ctx) => {
    if (ctx.issues.length > 0)
        return;
    for (const { input, message } of crossInputProblems(ctx.value.inputs, ctx.value.env)) {
        ctx.issues.push({ code: 'custom', path: ['inputs', input], message, input: ctx.value });
    }
})
    .transform(() => ({}));

// EXTERNAL MODULE: ./src/lib/url.ts
var lib_url = __webpack_require__(5194);
// EXTERNAL MODULE: ./src/policy/sections.ts + 5 modules
var sections = __webpack_require__(9594);
;// CONCATENATED MODULE: ./src/policy/to-config.ts

/** Each section's settings (a step without `release-policy` runs the sections' defaults). */
function configFromPolicy(inEffect, inputs) {
    const policy = (inEffect?.policy ?? {});
    const context = { policy, files: inEffect?.files ?? {}, inputs };
    return Object.fromEntries(sections/* DECLARATIONS */.UJ.map((section) => [
        section.name,
        section.settings(policy[section.name], context)
    ]));
}
/** The notices the sections' settings give before anything is sent. */
function policyNotices(settings, step) {
    const bySection = settings;
    return sections/* DECLARATIONS */.UJ.flatMap((section) => {
        const own = bySection[section.name];
        return own === undefined ? [] : (section.notices?.(own, step) ?? []);
    });
}

;// CONCATENATED MODULE: ./src/inputs/schema.ts






const workflowEnv = schemas/* object */.Ikc({
    GITHUB_EVENT_NAME: schemas/* string */.YjP().optional(),
    GITHUB_REF: schemas/* string */.YjP().optional(),
    GITHUB_HEAD_REF: schemas/* string */.YjP().optional(),
    GITHUB_SERVER_URL: schemas/* string */.YjP().optional(),
    GITHUB_REPOSITORY: schemas/* string */.YjP().optional()
});
/**
 * Raw inputs → Config. Two halves read the same text, so that every problem is listed at once:
 * `inputFields` judges each input alone, the rules judge how they go together; only when both
 * pass are the fields shaped into the Config. Issues carry the path `['inputs', <input name>]`.
 */
const configSchema = schemas/* intersection */.E$q(schemas/* object */.Ikc({
    inputs: fields/* inputFields */.yD,
    env: workflowEnv,
    policy: schemas/* custom */.IeY()
}), crossInputRules)
    .transform(({ inputs, env, policy }) => toConfig(inputs, env, policy));
/**
 * A value the rules proved given. Were it missing, the rules and this shape disagree: a defect
 * of the action, said as one, never the user's problem.
 */
function proven(value, what) {
    if (value === undefined)
        throw new Error(`The input rules let a step through without ${what}.`);
    return value;
}
/** By name, by id or both; the rules refuse a step (other than prune) that names neither. */
function schema_target(fields) {
    const deploymentId = fields['deployment-id'];
    if (deploymentId !== undefined)
        return { name: fields.name, deploymentId };
    return { name: proven(fields.name, 'name or deployment-id') };
}
function toConfig(fields, env, policy) {
    if (fields.operation === 'validate')
        return {
            operation: 'validate',
            releasePolicy: policy,
            warnings: warnings(fields)
        };
    const common = commonConfig(fields, env, policy);
    switch (fields.operation) {
        case 'prune':
            return {
                ...common,
                operation: 'prune',
                prune: proven(pruneCriteria(fields), 'prune-prefix')
            };
        case 'promote':
            return {
                ...common,
                ...schema_target(fields),
                operation: 'promote',
                fromDeployment: proven(fields['from-deployment'], 'from-deployment')
            };
        default:
            return { ...common, ...schema_target(fields), operation: fields.operation };
    }
}
function commonConfig(fields, env, policy) {
    const gitHostDeploy = fields.source === 'git_host' && fields.operation === 'deploy';
    const apiKey = proven(fields['api-key'], 'api-key');
    const checks = configFromPolicy(policy?.inEffect, {
        apiKey,
        agentApiKey: fields['agent-api-key'],
        agentAuthScheme: fields['agent-auth-scheme'],
        tracingUrl: fields['tracing-url'],
        tracingWebUrl: fields['tracing-web-url']
    });
    return {
        /** Look up and print what would be sent; send nothing that changes state. */
        dryRun: fields['dry-run'],
        apiUrl: proven(fields['api-url'], 'api-url'),
        apiKey,
        tenantId: fields['tenant-id'],
        ...sourceConfig(fields),
        repoUrl: gitHostDeploy ? (fields['repo-url'] ?? defaultRepoUrl(env)) : undefined,
        repoRef: gitHostDeploy ? (fields['repo-ref'] ?? (0,git_ref/* workflowRepoRef */.rV)(env)) : undefined,
        /** Undefined when the input is absent: an update then leaves the deployment's secrets alone. */
        secrets: fields.secrets,
        wait: fields.wait,
        timeoutMs: fields.timeout,
        pollIntervalMs: fields['poll-interval'],
        /** Log lines to show for a failed or timed-out revision; 0 shows none. */
        logLines: fields['log-lines'],
        /** With operation delete: also delete the tracing project of the same name. */
        deleteTracingProject: fields['delete-tracing-project'],
        /** With operation rollback: the revision to redeploy; else the newest older DEPLOYED one. */
        toRevision: fields['to-revision'],
        github: schema_githubRecords(fields),
        /**
         * Each section of the release policy as its step's settings, keyed by the section's name
         * (undefined: its step does not run).
         */
        ...checks,
        /** The release policy: its path, the entry applied and the policy in effect (its digest). */
        releasePolicy: policy,
        /** To log before anything is sent. */
        warnings: warnings(fields),
        /** Notices to log before anything is sent. */
        notices: policyNotices(checks, { dryRun: fields['dry-run'] })
    };
}
/** Where the application comes from, and how the service builds or runs it. */
function sourceConfig(fields) {
    return {
        source: fields.source,
        integrationId: fields['integration-id'],
        deploymentType: fields['deployment-type'],
        buildOnPush: fields['build-on-push'],
        graphConfigPath: fields['graph-config-path'],
        imageUri: fields['image-uri'],
        listenerId: fields['listener-id'],
        k8sNamespace: fields['k8s-namespace'],
        customUrl: fields['custom-url'],
        resourceSpec: fields['resource-spec'],
        /** internal_source: the folder packed and uploaded. */
        sourceDir: fields['source-dir'],
        installCommand: fields['install-command'],
        buildCommand: fields['build-command']
    };
}
/** GitHub records; undefined without `github-token`. */
function schema_githubRecords(fields) {
    const token = fields['github-token'];
    if (token === undefined)
        return undefined;
    return { token, environment: fields.environment, prComment: fields['pr-comment'] };
}
function pruneCriteria(fields) {
    const prefix = fields['prune-prefix'];
    if (fields.operation !== 'prune' || prefix === undefined)
        return undefined;
    return {
        prefix,
        /** Delete those whose `updated_at` is older than this. */
        olderThanMs: fields['prune-older-than'],
        /** Delete those named the prefix and the number of a closed pull request. */
        closedPullRequests: fields['prune-closed-prs']
    };
}
function warnings(fields) {
    return ['api-url', 'tracing-url'].flatMap((input) => {
        const url = fields[input];
        const host = url === undefined ? undefined : (0,lib_url/* clearTextHost */.X)(url);
        if (host === undefined)
            return [];
        return [
            `${input} is http:// to ${host}, not this machine: the api-key travels in clear text. Use https://.`
        ];
    });
}
function defaultRepoUrl(env) {
    if (!env.GITHUB_SERVER_URL || !env.GITHUB_REPOSITORY)
        return undefined;
    return `${env.GITHUB_SERVER_URL.replace(/\/+$/, '')}/${env.GITHUB_REPOSITORY}`;
}

;// CONCATENATED MODULE: ./src/inputs/parse.ts






/**
 * Turns the raw action inputs into the step's config (one variant per operation), or throws an
 * InputError that lists every problem of the inputs (each with its input name) and of the release
 * policy (each with its key path and place in the file). Reads only its arguments, and the
 * `release-policy` file and the files it names (relative to GITHUB_WORKSPACE), so that a bad
 * policy is refused with the other inputs.
 */
async function parseInputs(raw, env) {
    const policy = await (0,release_policy/* readStepPolicy */.H)(raw, env);
    const result = await configSchema.safeParseAsync({ inputs: raw, env, policy: policy.policy });
    const inputProblems = result.success ? [] : result.error.issues.map(toProblem);
    if (result.success && policy.problems.length === 0)
        return result.data;
    throw new problems/* InputError */.d(inputProblems, policy.problems);
}
function toProblem(issue) {
    const input = contract/* INPUT_NAMES */.Qh.find((name) => name === issue.path[1]);
    // Every schema issue is about one input; one that is not would be a defect here, said plainly.
    if (input === undefined)
        throw new Error(`An input check went wrong at ${issue.path.join('.')}`);
    return { input: input, message: issue.message };
}


/***/ }),

/***/ 8925:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   d: () => (/* binding */ InputError)
/* harmony export */ });
/* harmony import */ var _policy_kit_problems__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2467);

/** Every problem of the inputs and of the release policy, found before anything is sent. */
class InputError extends Error {
    problems;
    policyProblems;
    constructor(problems, policyProblems = []) {
        const count = problems.length + policyProblems.length;
        const what = policyProblems.length === 0 ? "The action's inputs have" : policyHeading(problems);
        super(`${what} ${count} problem${count === 1 ? '' : 's'}; nothing was sent:\n` +
            [
                ...problems.map((p) => `  - ${p.input}: ${p.message}`),
                ...policyProblems.map((p) => `  - ${(0,_policy_kit_problems__WEBPACK_IMPORTED_MODULE_0__/* .problemLine */ .YK)(p)}`)
            ].join('\n'));
        this.problems = problems;
        this.policyProblems = policyProblems;
        this.name = 'InputError';
    }
}
function policyHeading(problems) {
    return problems.length === 0
        ? 'The release policy has'
        : "The action's inputs and release policy have";
}


/***/ }),

/***/ 4851:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   H: () => (/* binding */ readStepPolicy),
/* harmony export */   N: () => (/* binding */ policyHead)
/* harmony export */ });
/* harmony import */ var _policy_environments__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7974);
/* harmony import */ var _operation_facts__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8924);
/* harmony import */ var _policy_kit_problems__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2467);
/* harmony import */ var _policy_rules__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1821);
/* harmony import */ var _policy_sides__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4466);
/* harmony import */ var _step__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7899);
/**
 * The step's release policy: the file `release-policy` names, read through ../policy/ with the
 * files it names, the entry `environment` picks, and the rules between the policy and the other
 * inputs (checks need `wait`, a gate needs `tracing-url`). Every problem is found at once, each
 * with its place in the file, before anything is sent.
 */






// Beside the config, not in it: the config stays data (compared, printed), and these are the
// loaded file's means, kept for the one reader that needs them.
const heads = new WeakMap();
/** The loaded file behind a step's policy; undefined for one not read from a file (a fixture). */
function policyHead(policy) {
    return heads.get(policy);
}
/**
 * Reads the policy the inputs name, when they name one and the operation applies it (delete and
 * prune refuse `release-policy` among their inputs, so it is not read). The rules with the inputs
 * are judged on the file as written even when it has problems of its own, so that every problem
 * is said in one run: operation validate judges them for the policy as written and for each
 * entry merged over it; the others for the entry their `environment` picks.
 */
async function readStepPolicy(raw, env) {
    const step = new _step__WEBPACK_IMPORTED_MODULE_2__/* .Step */ .p(raw, env);
    const path = step.text('release-policy');
    if (path === undefined || _operation_facts__WEBPACK_IMPORTED_MODULE_0__/* .OPERATION_FACTS */ .Y[step.operation].policy === 'refused')
        return { problems: [] };
    // The policy's reader (and the YAML parser) load only for a run that names a policy: one
    // chunk, named at each import of it (the base commit's reading, validate, the assistants file).
    const { loadPolicy } = await Promise.all(/* import() | policy */[__webpack_require__.e(815), __webpack_require__.e(477)]).then(__webpack_require__.bind(__webpack_require__, 6231));
    const load = await loadPolicy(path, env.GITHUB_WORKSPACE, {
        graphConfigPath: step.text('graph-config-path')
    });
    const facts = {
        wait: step.text('wait')?.toLowerCase() !== 'false',
        tracingUrl: step.text('tracing-url'),
        validating: step.operation === 'validate'
    };
    const environment = step.text('environment');
    const written = load.written;
    const judged = _operation_facts__WEBPACK_IMPORTED_MODULE_0__/* .OPERATION_FACTS */ .Y[step.operation].policy === 'checks'
        ? [undefined, ...(written?.entries ?? [])]
        : [environment];
    const problems = (0,_policy_kit_problems__WEBPACK_IMPORTED_MODULE_3__/* .uniqueProblems */ .OH)([
        ...load.problems,
        ...(written === undefined
            ? []
            : (0,_policy_kit_problems__WEBPACK_IMPORTED_MODULE_3__/* .saidOnce */ .Xf)(judged.flatMap((name) => inputRuleProblems(written, name, facts))))
    ]).sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.col ?? 0) - (b.col ?? 0));
    if (load.policy === undefined || problems.length > 0)
        return { problems };
    const inEffect = load.policy.inEffect(environment);
    const loaded = load.policy;
    const entryEffects = step.operation === 'validate'
        ? loaded.entries.map((name) => ({ name, inEffect: loaded.inEffect(name) }))
        : undefined;
    const policy = {
        path,
        entries: loaded.entries,
        inEffect,
        environment,
        ...(entryEffects && { entryEffects })
    };
    heads.set(policy, { sides: (0,_policy_sides__WEBPACK_IMPORTED_MODULE_4__/* .policySides */ .B)(loaded), placeOf: loaded.placeOf });
    return { policy, problems: [] };
}
/** The rules with the inputs, for the entry `environment` picks merged over the file as written. */
function inputRuleProblems(written, environment, facts) {
    const entry = (0,_policy_environments__WEBPACK_IMPORTED_MODULE_5__/* .selectEntry */ .J9)(written.entries, environment) ?? null;
    const entries = written.value.environments;
    const merged = (0,_policy_environments__WEBPACK_IMPORTED_MODULE_5__/* .mergeEntry */ .z$)(written.value, entry === null ? undefined : entries?.[entry]);
    return (0,_policy_rules__WEBPACK_IMPORTED_MODULE_1__/* .policyInputRules */ .K)(merged, facts).map(({ path, message }) => ({
        entry: entry ?? undefined,
        problem: {
            message,
            keyPath: (0,_policy_kit_problems__WEBPACK_IMPORTED_MODULE_3__/* .keyPathText */ .Cm)(path),
            file: written.file,
            ...written.locate(path, entry)
        }
    }));
}


/***/ }),

/***/ 3332:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   w: () => (/* binding */ parseSecrets)
/* harmony export */ });
/* unused harmony export RESERVED_SECRET_NAMES */
/* harmony import */ var _lib_character_kinds__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9562);

const C_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/**
 * C0 control characters but tab and line breaks (a JSON value may hold a PEM key's lines), DEL
 * and C1: a value holding one would reach the agent server's environment as no one wrote it.
 */
const SECRET_CONTROL = (0,_lib_character_kinds__WEBPACK_IMPORTED_MODULE_0__/* .characterClass */ .EV)(['c0', 'del', 'c1']);
const isControl = (char) => SECRET_CONTROL.test(char);
/**
 * Environment variables the agent server sets or reads itself; a secret of that name would be
 * refused by the service after the build, so it is refused here first.
 */
const RESERVED_SECRET_NAMES = [
    'POSTGRES_URI',
    'DATABASE_URI',
    'REDIS_URI'
];
/** What a name must look like; said in every problem about a name that is not one. */
const NAME_RULE = 'NAME must be a C identifier: letters, digits and _, not starting with a digit';
/**
 * Parses the `secrets` input: `NAME=value` lines (blank lines and `#` comments skipped, the value
 * may hold `=`) or a JSON object of strings. Problems never quote a value, nor a "name" that is not
 * an identifier (a pasted key line would become one): they say where it is instead.
 */
function parseSecrets(text) {
    const trimmed = text.trim();
    if (trimmed === '')
        return { secrets: [], values: [], problems: [] };
    const entries = trimmed.startsWith('{') ? parseJsonSecrets(trimmed) : parseLineSecrets(text);
    const problems = [...entries.problems];
    const seen = new Set();
    for (const { name, value, where } of entries.secrets) {
        const control = [...value].find(isControl);
        if (control !== undefined) {
            // Where and which character, never the value: it is a secret.
            problems.push(`${where} holds a control character in its value (${(0,_lib_character_kinds__WEBPACK_IMPORTED_MODULE_0__/* .codePoint */ .yb)(control)}); only tabs and line breaks may appear`);
        }
        if (!C_IDENTIFIER.test(name)) {
            problems.push(where.startsWith('line')
                ? `${where} is not NAME=value (${NAME_RULE})`
                : `the name of ${where} is not valid (${NAME_RULE})`);
            continue;
        }
        if (RESERVED_SECRET_NAMES.includes(name)) {
            problems.push(`secret name "${name}" is reserved by the agent server; choose another name`);
        }
        if (seen.has(name))
            problems.push(`secret name "${name}" is given more than once (${where})`);
        seen.add(name);
    }
    const secrets = entries.secrets.map(({ name, value }) => ({ name, value }));
    return { secrets, values: secrets.map((s) => s.value), problems };
}
function parseJsonSecrets(text) {
    let parsed;
    try {
        parsed = JSON.parse(text);
    }
    catch {
        // The parser's message can quote the text around the error, which holds values: leave it out.
        return { secrets: [], problems: ['is not valid JSON (expected an object of "NAME": "value")'] };
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        return { secrets: [], problems: ['must be a JSON object of "NAME": "value"'] };
    }
    const secrets = [];
    const problems = [];
    Object.entries(parsed).forEach(([name, value], index) => {
        const where = `key ${index + 1} of the JSON object`;
        if (typeof value === 'string')
            secrets.push({ name, value, where });
        else if (C_IDENTIFIER.test(name))
            problems.push(`secret "${name}" must have a string value`);
        else
            problems.push(`${where} must have a string value, and a valid name (${NAME_RULE})`);
    });
    return { secrets, problems };
}
function parseLineSecrets(text) {
    const secrets = [];
    const problems = [];
    text.split(/\r?\n/).forEach((line, index) => {
        const content = line.trim();
        if (content === '' || content.startsWith('#'))
            return;
        const where = `line ${index + 1}`;
        const separator = line.indexOf('=');
        if (separator <= 0) {
            problems.push(`${where} is not NAME=value`);
            return;
        }
        secrets.push({ name: line.slice(0, separator).trim(), value: line.slice(separator + 1), where });
    });
    return { secrets, problems };
}


/***/ }),

/***/ 7899:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   p: () => (/* binding */ Step)
/* harmony export */ });
/* harmony import */ var _contract__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9451);
/* harmony import */ var _fields__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(95);


/**
 * The raw inputs as the rules read them. The rules judge how inputs go together, from the text
 * alone, so that they run (and every problem is listed at once) even when an input is invalid on
 * its own; an invalid operation or source counts as its default, as the field's problem says.
 */
class Step {
    raw;
    env;
    constructor(raw, env) {
        this.raw = raw;
        this.env = env;
    }
    /** The text of an input, undefined when blank. */
    text(input) {
        const value = this.raw[input].trim();
        return value === '' ? undefined : value;
    }
    /** Whether the user chose a value: neither blank nor the default of action.yml. */
    given(input) {
        const value = this.text(input);
        return value !== undefined && value !== _contract__WEBPACK_IMPORTED_MODULE_0__/* .INPUT_DEFAULTS */ .WJ[input];
    }
    flag(input) {
        return this.text(input)?.toLowerCase() === 'true';
    }
    get operation() {
        return _fields__WEBPACK_IMPORTED_MODULE_1__/* .OPERATIONS */ .xb.find((op) => op === this.text('operation')) ?? _contract__WEBPACK_IMPORTED_MODULE_0__/* .INPUT_DEFAULTS */ .WJ.operation;
    }
    get source() {
        return _fields__WEBPACK_IMPORTED_MODULE_1__/* .SOURCES */ .Hl.find((source) => source === this.text('source')) ?? _contract__WEBPACK_IMPORTED_MODULE_0__/* .INPUT_DEFAULTS */ .WJ.source;
    }
}


/***/ }),

/***/ 9792:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   z: () => (/* binding */ formatBytes)
/* harmony export */ });
/** A byte count for people: B, kB or MB with one decimal. */
function formatBytes(bytes) {
    if (bytes >= 1024 * 1024)
        return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
    if (bytes >= 1024)
        return `${(bytes / 1024).toFixed(1)} kB`;
    return `${bytes} B`;
}


/***/ }),

/***/ 9562:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   EV: () => (/* binding */ characterClass),
/* harmony export */   w_: () => (/* binding */ CONTROL_KINDS),
/* harmony export */   yb: () => (/* binding */ codePoint)
/* harmony export */ });
/**
 * The one definition of the characters a text from outside may hold that a person does not see
 * as written: each kind once, and every check or escape builds its set from these kinds, naming
 * the kinds it lets through and why.
 */
/** Control characters: a terminal, the runner or a renderer may act on them. */
const CONTROL = {
    tab: '\\t',
    lineFeed: '\\n',
    carriageReturn: '\\r',
    /** C0 but tab, line feed and carriage return. */
    c0: '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f',
    del: '\\u007f',
    /** C1 (U+0080–U+009F): NEL among them breaks a line for some readers. */
    c1: '\\u0080-\\u009f',
    /** The Unicode line and paragraph separators: line breaks to JavaScript and some renderers. */
    lineSeparators: '\\u2028\\u2029'
};
const KINDS = {
    ...CONTROL,
    /**
     * Zero-width and bidi format characters, the soft hyphen and the byte-order mark: unseen, they
     * reorder or hide what a reader sees, or split a secret for a matcher but not for a reader.
     */
    invisible: '\\u00ad\\u061c\\u180e\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff',
    space: ' '
};
/** The kinds a text that stays on one line may never hold (layout, C0, DEL, C1, separators). */
const CONTROL_KINDS = Object.keys(CONTROL);
/** A regex class of the kinds given, e.g. `/[\t\n\u0000-…]/` with the flags given. */
function characterClass(kinds, flags = '') {
    return new RegExp(`[${kinds.map((kind) => KINDS[kind]).join('')}]`, flags);
}
/** A character named by its code point, never by itself (it may be part of a key): `U+001B`. */
function codePoint(char) {
    return `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}


/***/ }),

/***/ 2543:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E: () => (/* binding */ parseDuration),
/* harmony export */   a: () => (/* binding */ formatDuration)
/* harmony export */ });
const UNIT_MS = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000, ms: 1 };
/**
 * Parses a duration written as plain seconds (`900`, `0.5`) or with units (`15m`, `1h30m`,
 * `2m30s`, `500ms`, `7d`). Returns milliseconds, or undefined when the text is not a duration.
 */
function parseDuration(text) {
    const trimmed = text.trim();
    if (/^\d+(\.\d+)?$/.test(trimmed))
        return Math.round(Number(trimmed) * 1000);
    const pattern = /(\d+(?:\.\d+)?)(ms|d|h|m|s)/gy;
    let total = 0;
    let consumed = 0;
    for (const match of trimmed.matchAll(pattern)) {
        total += Number(match[1]) * UNIT_MS[match[2]];
        consumed += match[0].length;
    }
    if (consumed === 0 || consumed !== trimmed.length)
        return undefined;
    return Math.round(total);
}
/**
 * Formats milliseconds for people, in the one style every text of the action uses: `45s`,
 * `2m 05s`, `1h 02m`, `3d 04h`. `fine` keeps what a whole second would round away, for times
 * that are short by nature (a reply's latency, a request's timeout): `0ms`, `300ms`, `1.25s`,
 * then the same as without it from 10 seconds on.
 */
function formatDuration(ms, precision = 'seconds') {
    if (precision === 'fine' && ms < 10_000) {
        const positive = Math.max(0, ms);
        // 999.7 ms rounds to a whole second: written as one, never as `1000ms`.
        if (Math.round(positive) < 1_000)
            return `${Math.round(positive)}ms`;
        return `${Number((positive / 1000).toFixed(2))}s`;
    }
    const totalSeconds = Math.max(0, Math.round(ms / 1000));
    const days = Math.floor(totalSeconds / 86_400);
    if (days > 0)
        return `${days}d ${String(Math.floor((totalSeconds % 86_400) / 3600)).padStart(2, '0')}h`;
    const hours = Math.floor(totalSeconds / 3600);
    const minutes = Math.floor((totalSeconds % 3600) / 60);
    const seconds = totalSeconds % 60;
    if (hours > 0)
        return `${hours}h ${String(minutes).padStart(2, '0')}m`;
    if (minutes > 0)
        return `${minutes}m ${String(seconds).padStart(2, '0')}s`;
    return `${seconds}s`;
}


/***/ }),

/***/ 2981:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $u: () => (/* binding */ meetsExpectation),
/* harmony export */   WR: () => (/* binding */ parseExpectation),
/* harmony export */   uN: () => (/* binding */ describeExpectation)
/* harmony export */ });
/** Flags that make sense for one test of one reply; `g` and `y` would make the test stateful. */
const ALLOWED_FLAGS = /^[imsuvd]*$/;
const PATTERN_FORM = /^\/(.+)\/([a-z]*)$/s;
/** The input's text as an expectation, or the problem with it (a sentence without the value). */
function parseExpectation(text) {
    const form = PATTERN_FORM.exec(text);
    if (!form)
        return { expectation: { kind: 'text', text } };
    const [, source = '', flags = ''] = form;
    if (!ALLOWED_FLAGS.test(flags)) {
        return {
            problem: `has the flags "${flags}"; a regular expression written /pattern/flags may use only i, m, s, u, v and d`
        };
    }
    try {
        return { expectation: { kind: 'pattern', pattern: new RegExp(source, flags) } };
    }
    catch (error) {
        const reason = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : '';
        return {
            problem: `is not a valid regular expression (${reason}); write plain text, or /pattern/flags`
        };
    }
}
function meetsExpectation(expectation, reply) {
    return expectation.kind === 'text'
        ? reply.includes(expectation.text)
        : expectation.pattern.test(reply);
}
/** For messages: "contain "ok"" or "match /ok/i". */
function describeExpectation(expectation) {
    return expectation.kind === 'text'
        ? `contain ${JSON.stringify(expectation.text)}`
        : `match ${String(expectation.pattern)}`;
}


/***/ }),

/***/ 1657:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ec: () => (/* binding */ FEEDBACK_KEY),
/* harmony export */   QT: () => (/* binding */ EVERY_KEY),
/* harmony export */   nk: () => (/* binding */ parseBaseline),
/* harmony export */   oF: () => (/* binding */ regressionBound),
/* harmony export */   q$: () => (/* binding */ gatedKeys)
/* harmony export */ });
/* harmony import */ var _ids__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(829);
/**
 * The evaluation gate's terms shared by the release policy and the gate: feedback keys, the `*`
 * regression bound, the baseline choice, the gated keys. Pure.
 */

/**
 * A feedback key as the gate names it. Keys become JSON keys of the `eval-scores` output and
 * table cells: letters, digits and `_ . : -` keep them free of shell and markdown syntax.
 */
const FEEDBACK_KEY = /^[A-Za-z0-9_][A-Za-z0-9_.:-]{0,99}$/;
/** `*` in `gate.max-regression`: the bound of every gated key that has no line of its own. */
const EVERY_KEY = '*';
const fail = (problems) => ({ problems });
function parseBaseline(text) {
    const value = text.trim();
    if (value === 'previous' || value === 'dataset' || value === 'none')
        return { value: { kind: value }, problems: [] };
    if (_ids__WEBPACK_IMPORTED_MODULE_0__/* .UUID */ .k.test(value))
        return { value: { kind: 'experiment', id: value.toLowerCase() }, problems: [] };
    return fail(['must be previous, dataset, none, or an experiment id (a UUID)']);
}
/**
 * The keys the gate waits for and judges: those of `gate.min-scores`, then those of
 * `gate.max-regression` other than `*`, each once.
 */
function gatedKeys(minScores, maxRegression) {
    return [...new Set([...minScores.keys(), ...maxRegression.keys()])].filter((key) => key !== EVERY_KEY);
}
/** The regression bound of a key: its own line, else `*`, else none. */
function regressionBound(maxRegression, key) {
    return maxRegression.get(key) ?? maxRegression.get(EVERY_KEY);
}


/***/ }),

/***/ 3676:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bg: () => (/* binding */ commitUrl),
/* harmony export */   C8: () => (/* binding */ githubPlaceFromEnv),
/* harmony export */   RG: () => (/* binding */ FULL_SHA),
/* harmony export */   SH: () => (/* binding */ repositoryPath),
/* harmony export */   Vp: () => (/* binding */ runUrl),
/* harmony export */   XH: () => (/* binding */ compareUrl),
/* harmony export */   b0: () => (/* binding */ blobUrl),
/* harmony export */   vx: () => (/* binding */ workflowCommit)
/* harmony export */ });
/* harmony import */ var _url__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5194);

/** A full commit id. */
const FULL_SHA = /^[0-9a-f]{40}$/;
const REPOSITORY = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;
const RUN_ID = /^\d+$/;
/** The workflow's place on GitHub from the runner's variables; undefined when they do not fit. */
function githubPlaceFromEnv(env) {
    const serverUrl = (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, '');
    const repository = env.GITHUB_REPOSITORY ?? '';
    if (!('url' in (0,_url__WEBPACK_IMPORTED_MODULE_0__/* .checkHttpUrl */ .O)(serverUrl)) || !REPOSITORY.test(repository))
        return undefined;
    const runId = env.GITHUB_RUN_ID;
    return { serverUrl, repository, ...(runId && RUN_ID.test(runId) ? { runId } : {}) };
}
/** The workflow run's page, the log GitHub deployments and the reports point to. */
function runUrl(place) {
    return place.runId === undefined
        ? undefined
        : `${place.serverUrl}/${place.repository}/actions/runs/${place.runId}`;
}
/** A commit's page; undefined unless `sha` is a full commit id. */
function commitUrl(place, sha) {
    return sha !== undefined && FULL_SHA.test(sha)
        ? `${place.serverUrl}/${place.repository}/commit/${sha}`
        : undefined;
}
/** The compare view from `base` to `head`; undefined unless both are full commit ids and differ. */
function compareUrl(place, base, head) {
    if (base === undefined || head === undefined || base === head)
        return undefined;
    if (!FULL_SHA.test(base) || !FULL_SHA.test(head))
        return undefined;
    return `${place.serverUrl}/${place.repository}/compare/${base}...${head}`;
}
/**
 * The commit the workflow runs for: a pull request's head (from the event GitHub wrote), else
 * GITHUB_SHA. Undefined unless a full commit id.
 */
function workflowCommit(env, readEvent) {
    let head;
    try {
        const event = env.GITHUB_EVENT_PATH ? JSON.parse(readEvent(env.GITHUB_EVENT_PATH)) : undefined;
        head = event?.pull_request
            ?.head?.sha;
    }
    catch {
        head = undefined;
    }
    const sha = typeof head === 'string' ? head : env.GITHUB_SHA;
    return sha !== undefined && FULL_SHA.test(sha) ? sha : undefined;
}
/**
 * A file's page at a commit; undefined unless `sha` is a full commit id. The path is the
 * repository's (written relative to the workspace): each part percent-encoded, `./` dropped.
 */
function blobUrl(place, sha, path) {
    if (sha === undefined || !FULL_SHA.test(sha))
        return undefined;
    const parts = repositoryPath(path);
    if (parts === undefined)
        return undefined;
    return `${place.serverUrl}/${place.repository}/blob/${sha}/${parts.map(encodeURIComponent).join('/')}`;
}
/** A workspace-relative path as the repository's parts; undefined when it leaves the repository. */
function repositoryPath(path) {
    const parts = path.split(/[\\/]+/).filter((part) => part !== '' && part !== '.');
    if (parts.length === 0 || parts.includes('..') || /^([a-z]:|[\\/])/i.test(path))
        return undefined;
    return parts;
}


/***/ }),

/***/ 829:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   c: () => (/* binding */ DEPLOYMENT_NAME),
/* harmony export */   k: () => (/* binding */ UUID)
/* harmony export */ });
/**
 * The shapes of names and ids the service hands out. Anything that goes into a URL path or an
 * output must have one of them: a value of another shape came from a buggy or hostile service.
 */
/** A UUID in its usual text form (any version; the service's ids are UUIDs). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The service's rule for deployment names: lowercase letters, digits and "-", a letter first. */
const DEPLOYMENT_NAME = /^[a-z][a-z0-9-]*$/;


/***/ }),

/***/ 8453:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   q: () => (/* binding */ parseJson)
/* harmony export */ });
/**
 * A text read as JSON, or undefined when it is not JSON (JSON itself never reads as undefined):
 * for texts from outside (an answer body, a value about to become an output), where "not JSON" is
 * a finding, not an error.
 */
function parseJson(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}


/***/ }),

/***/ 5194:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   O: () => (/* binding */ checkHttpUrl),
/* harmony export */   X: () => (/* binding */ clearTextHost)
/* harmony export */ });
/* harmony import */ var _character_kinds__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9562);

/** Control characters and spaces: a URL never holds one as written. */
const URL_REFUSED = (0,_character_kinds__WEBPACK_IMPORTED_MODULE_0__/* .characterClass */ .EV)([..._character_kinds__WEBPACK_IMPORTED_MODULE_0__/* .CONTROL_KINDS */ .w_, 'space']);
/**
 * Judges a URL from the service before it becomes an output, a link or a GitHub payload: only
 * `http(s)`, no user or password in it, no control characters or spaces. Returns the URL as the
 * service wrote it, or why it is refused.
 */
function checkHttpUrl(text) {
    if (URL_REFUSED.test(text))
        return { problem: 'it holds control characters or spaces' };
    let parsed;
    try {
        parsed = new URL(text);
    }
    catch {
        return { problem: 'it is not a URL' };
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
        return { problem: `its scheme is ${parsed.protocol} rather than http(s)` };
    if (parsed.username !== '' || parsed.password !== '')
        return { problem: 'it holds a user name or password' };
    return { url: text };
}
const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
/**
 * The host a key sent to this URL would reach in clear text: an `http://` URL to a host other
 * than this machine. Undefined for https, loopback or a text that is not a URL.
 */
function clearTextHost(text) {
    try {
        const url = new URL(text);
        return url.protocol === 'http:' && !LOOPBACK_HOSTS.test(url.hostname) ? url.hostname : undefined;
    }
    catch {
        return undefined;
    }
}


/***/ }),

/***/ 8180:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J: () => (/* binding */ uuidV5)
/* harmony export */ });
/* harmony import */ var uuid__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3604);
/* harmony import */ var _ids__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(829);


/**
 * UUID version 5 (RFC 9562 §5.5): the SHA-1 of a namespace UUID and a name, as a UUID. The same
 * inputs give the same id, so a write sent again (a retry, a rerun of the step) is the same write.
 */
function uuidV5(name, namespace) {
    if (!_ids__WEBPACK_IMPORTED_MODULE_0__/* .UUID */ .k.test(namespace))
        throw new Error(`uuidV5: the namespace ${namespace} is not a UUID`);
    return (0,uuid__WEBPACK_IMPORTED_MODULE_1__/* ["default"] */ .Ay)(name, namespace);
}


/***/ }),

/***/ 4938:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  eF: () => (/* binding */ run)
});

// UNUSED EXPORTS: maskSecrets, readRawInputs, secretValues

// EXTERNAL MODULE: ./src/inputs/contract.ts
var contract = __webpack_require__(9451);
// EXTERNAL MODULE: ./src/inputs/parse.ts + 3 modules
var parse = __webpack_require__(1978);
// EXTERNAL MODULE: ./src/lib/github-links.ts
var github_links = __webpack_require__(3676);
// EXTERNAL MODULE: ./src/operations/operations.ts
var operations = __webpack_require__(6594);
// EXTERNAL MODULE: ./src/report/job-summary.ts
var job_summary = __webpack_require__(5236);
// EXTERNAL MODULE: ./src/report/control-characters.ts
var control_characters = __webpack_require__(900);
// EXTERNAL MODULE: ./src/report/short-ids.ts
var short_ids = __webpack_require__(8683);
;// CONCATENATED MODULE: ./src/report/log.ts


/**
 * GitHub keeps this many error annotations, and this many warning annotations, per step, and
 * drops the rest without a word: the log writes at most this many of each per run.
 */
const ANNOTATION_LIMIT = 10;
const RANKS = { own: 0, 'weaker-policy': 1, other: 2 };
/** Characters of one log line at the most; a log page of megabyte lines is cut to this. */
const MAX_LOG_LINE = 1_000;
/** Characters of one message (all its lines) at the most. */
const MAX_LOG_MESSAGE = 64 * 1_024;
/** One line of any text made safe to print on its own line of the log. */
function safeLine(line, redact) {
    return redact
        .cut((0,control_characters/* showControlCharacters */.f)(line), MAX_LOG_LINE)
        .replace(/^(\s*):(?=:)/, '$1:\\')
        .replace(/##\[/g, '##\\[');
}
/** Any text made safe for the log: redacted, then each of its lines made safe. */
function forLog(text, redact) {
    const lines = redact.cut(text, MAX_LOG_MESSAGE).split(/\r?\n/);
    return lines.map((line) => safeLine(line, redact)).join('\n');
}
const plural = (count, word) => `${count} more ${word}${count === 1 ? '' : 's'}`;
function createLog(redact, sink) {
    const safe = (text) => forLog(text, redact);
    const titled = (title) => (title === undefined ? {} : { title: safe(title) });
    const placed = (place) => ({
        ...titled(place.title),
        file: safe(place.file),
        ...(place.line !== undefined && { startLine: place.line }),
        ...(place.col !== undefined && { startColumn: place.col })
    });
    const errors = [];
    const warnings = [];
    const written = { errors: 0, warnings: 0, moreErrors: 0 };
    const said = [];
    const flushErrors = () => {
        const pending = errors.splice(0);
        const total = pending.length + written.moreErrors;
        written.moreErrors = 0;
        const room = ANNOTATION_LIMIT - written.errors;
        if (total === 0 || room <= 0)
            return;
        const shown = total <= room ? pending : pending.slice(0, room - 1);
        for (const each of shown)
            sink.error(each.text, each.properties);
        written.errors += shown.length;
        if (shown.length < total) {
            sink.error(`${plural(total - shown.length, 'error')}: the job summary lists every one.`);
            written.errors += 1;
        }
    };
    const flushWarnings = () => {
        const pending = warnings.splice(0).sort((a, b) => a.rank - b.rank);
        const kinds = new Set();
        const annotated = [];
        const folded = [];
        for (const each of pending) {
            if (each.kind !== undefined && kinds.has(each.kind))
                folded.push(each);
            else
                annotated.push(each);
            if (each.kind !== undefined)
                kinds.add(each.kind);
        }
        const room = ANNOTATION_LIMIT - written.warnings;
        const total = annotated.length + folded.length;
        if (total === 0)
            return;
        const shown = total <= room ? annotated : annotated.slice(0, Math.min(annotated.length, room - 1));
        for (const each of shown)
            sink.warning(each.text, each.properties);
        written.warnings += shown.length;
        const rest = [...annotated.slice(shown.length), ...folded];
        if (rest.length === 0)
            return;
        // Each warning past the budget stays in the log as a line; one annotation counts them.
        for (const each of rest)
            sink.info(`Warning: ${each.text}`);
        if (written.warnings < ANNOTATION_LIMIT) {
            sink.warning(`${plural(rest.length, 'warning')}: the job summary lists every one.`);
            written.warnings += 1;
        }
    };
    return {
        info: (text) => sink.info(safe(text)),
        // A notice is an annotation people read on the run's page: short ids, as the summary's.
        notice: (text, title) => sink.notice(safe((0,short_ids/* shortenIds */.I)(text)), titled(title)),
        warning: (text, options = {}) => {
            said.push(safe(text));
            const rank = options.rank ?? 'other';
            const properties = options.place === undefined ? {} : placed(options.place);
            // The action's own warnings and the weaker policy's lines come first in the budget: written
            // as they come (one place kept for the count); any other kind waits for the end.
            if (rank !== 'other' && written.warnings < ANNOTATION_LIMIT - 1) {
                sink.warning(safe(text), properties);
                written.warnings += 1;
                return;
            }
            warnings.push({
                text: safe(text),
                properties,
                rank: RANKS[rank],
                ...(options.kind === undefined ? {} : { kind: options.kind })
            });
        },
        error: (text, title) => errors.push({ text: safe(text), properties: titled(title), rank: 0 }),
        errorAt: (text, place) => errors.push({ text: safe(text), properties: placed(place), rank: 0 }),
        moreErrors: (count) => {
            written.moreErrors += count;
        },
        warningsSaid: () => [...said],
        debug: (text) => {
            if (sink.isDebug())
                sink.debug(safe(text()));
        },
        startGroup: (title) => sink.startGroup(safe(title)),
        endGroup: () => sink.endGroup(),
        fail: (text) => {
            // The step's own line first: GitHub keeps the first annotations, and it is read first.
            sink.setFailed(safe(text));
            written.errors += 1;
            flushErrors();
        },
        flush: () => {
            flushErrors();
            flushWarnings();
        }
    };
}

// EXTERNAL MODULE: ./src/report/redact.ts + 1 modules
var redact = __webpack_require__(1410);
// EXTERNAL MODULE: ./src/inputs/secrets.ts
var secrets = __webpack_require__(3332);
// EXTERNAL MODULE: ./src/report/summary.ts + 1 modules
var summary = __webpack_require__(2529);
;// CONCATENATED MODULE: ./src/main.ts









/** Reads every declared input, raw (trimmed, as the runner's toolkit reads one); parseInputs judges them. */
function readRawInputs(env) {
    return Object.fromEntries(contract/* INPUT_NAMES */.Qh.map((name) => [
        name,
        (env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim()
    ]));
}
/**
 * Every secret the inputs hold: the keys, the token, each `secrets` value (also of a `secrets`
 * input that will be refused) and a password in `api-url`.
 */
function secretValues(raw) {
    return [
        raw['api-key'],
        raw['agent-api-key'],
        raw['github-token'],
        ...(0,secrets/* parseSecrets */.w)(raw.secrets).values,
        ...urlCredentials(raw['api-url'])
    ].filter((value) => value !== '');
}
/** The password of a URL written `https://user:password@host`, as written and decoded. */
function urlCredentials(text) {
    try {
        const { username, password } = new URL(text.trim());
        if (password === '')
            return [];
        return [`${username}:${password}`, password, decodeURIComponent(password)];
    }
    catch {
        return [];
    }
}
/**
 * Masks every secret the inputs hold, in every form the redactor knows (each line of a
 * multi-line value, JSON- and URL-encoded), before anything is logged, and returns the redactor
 * every destination (./report/) applies before it escapes.
 */
function maskSecrets(raw, sink) {
    const values = secretValues(raw);
    // Each value as given (the runner masks even a short one), then every form the redactor knows.
    for (const form of new Set([...values, ...(0,redact/* secretForms */.eo)(values)]))
        sink.setSecret(form);
    return (0,redact/* createRedactor */.lY)(values);
}
/**
 * The action: inputs → config, then the operation. Only what reading the inputs needs is loaded
 * before they are judged; the HTTP client and the operations load after (issue 6: start-up).
 */
async function run(world) {
    if (world === undefined) {
        // @github/local-action calls run() with no argument: the runner's world, as index.ts makes.
        const { createRealWorld } = await Promise.resolve(/* import() */).then(__webpack_require__.bind(__webpack_require__, 6546));
        const real = createRealWorld();
        try {
            return await run(real);
        }
        finally {
            await real.close();
        }
    }
    const startedAt = world.clock.now();
    const raw = readRawInputs(world.env);
    const redact = maskSecrets(raw, world.sink);
    const log = createLog(redact, world.sink);
    try {
        await runWith(raw, redact, log, startedAt, world);
    }
    finally {
        // GitHub keeps 10 annotations of each kind: what the budget keeps is written once, at the end.
        log.flush();
    }
}
async function runWith(raw, redact, log, startedAt, world) {
    let config;
    try {
        config = await (0,parse/* parseInputs */.TL)(raw, world.env);
    }
    catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const counts = error instanceof parse/* InputError */.dz
            ? {
                inputs: error.problems.length,
                policy: error.policyProblems.length,
                policyPath: raw['release-policy']
            }
            : undefined;
        if (error instanceof parse/* InputError */.dz)
            annotateProblems(error, raw, log);
        await (0,job_summary/* writeSummary */.S)((0,summary/* renderInputErrorSummary */.TR)(message, redact, raw.operation, counts), log, world.sink);
        log.fail(message);
        if (!(error instanceof parse/* InputError */.dz))
            log.debug(() => stackOf(error));
        return;
    }
    config.warnings.forEach((warning) => log.warning(warning, { rank: 'own' }));
    try {
        // The operation's row says what it needs; the services only reach the run through here.
        const report = {
            redact,
            summary: (markdown) => (0,job_summary/* writeSummary */.S)(markdown, log, world.sink),
            links: { place: (0,github_links/* githubPlaceFromEnv */.C8)(world.env), commit: world.env.GITHUB_SHA }
        };
        await (0,operations/* startOperation */.iA)(config, log, report, async (sending) => {
            sending.notices.forEach((notice) => log.notice(notice));
            logPolicy(sending.releasePolicy, log);
            const { execute } = await Promise.all(/* import() | execute */[__webpack_require__.e(996), __webpack_require__.e(920)]).then(__webpack_require__.bind(__webpack_require__, 4990));
            await execute(sending, redact, startedAt, world, log);
        });
    }
    catch (error) {
        // Not thrown on: Node would print it to stderr, unredacted and unescaped.
        log.fail(`The action failed: ${error instanceof Error ? error.message : String(error)}`);
        log.debug(() => stackOf(error));
    }
}
/**
 * Each problem as an annotation, after the step's failure line and within GitHub's limit: the
 * inputs' first, then the policy's in line order (so a pull request shows each on its diff),
 * then each file it names.
 */
function annotateProblems(error, raw, log) {
    for (const problem of error.problems)
        log.error(problem.message, `input ${problem.input}`);
    for (const problem of inAnnotationOrder(error.policyProblems, raw['release-policy']))
        log.errorAt(problem.message, {
            file: problem.file,
            line: problem.line,
            col: problem.col,
            title: problem.keyPath === '' ? 'release policy' : `release policy: ${problem.keyPath}`
        });
}
/** The policy's problems in line order, then each named file's, in the order first named. */
function inAnnotationOrder(problems, policyPath) {
    const files = [policyPath, ...new Set(problems.map((problem) => problem.file))];
    const rank = (file) => files.indexOf(file);
    return [...problems].sort((a, b) => rank(a.file) - rank(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.col ?? 0) - (b.col ?? 0));
}
/** The policy in effect, by its digest, or that there is none (only the serving check runs). */
function logPolicy(policy, log) {
    if (policy === undefined) {
        log.info('No release-policy: only the serving check runs after DEPLOYED.');
        return;
    }
    const { entry, digest } = policy.inEffect;
    log.info(`Release policy ${policy.path}${entry === null ? '' : ` (environments.${entry})`}: digest ${digest}`);
}
function stackOf(error) {
    return error instanceof Error ? (error.stack ?? error.message) : String(error);
}


/***/ }),

/***/ 8924:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Y: () => (/* binding */ OPERATION_FACTS),
/* harmony export */   d: () => (/* binding */ OPERATION_NAMES)
/* harmony export */ });
// What each operation is, as data: one row per operation, below every layer that reads it. The
// inputs read what it needs of them (a connection, a deployment to name, the release policy);
// the report and the GitHub records read what it does; ./operations/operations.ts adds each
// row's run.
/** Every operation the `operation` input names. */
const OPERATION_NAMES = [
    'deploy',
    'delete',
    'rollback',
    'prune',
    'promote',
    'validate'
];
/** One row per operation, checked complete by the compiler. */
const OPERATION_FACTS = {
    deploy: {
        needs: 'services',
        connection: true,
        target: 'deployment',
        policy: 'applies',
        checked: true,
        rollsBack: true,
        bringsBack: false,
        github: 'records',
        verb: 'Deploy',
        waiting: 'building',
        commit: 'workflow',
        builtFrom: 'workflow',
        sendsSource: true,
        namesDeployment: true,
        reportsServing: true,
        failedWords: 'deploy failed'
    },
    // Itself the rollback: there is nothing earlier to bring back when it fails.
    rollback: {
        needs: 'services',
        connection: true,
        target: 'deployment',
        policy: 'applies',
        checked: true,
        rollsBack: false,
        bringsBack: true,
        github: 'records',
        verb: 'Roll back',
        waiting: 'redeploying an earlier revision',
        commit: 'served',
        builtFrom: 'redeploy',
        sendsSource: true,
        namesDeployment: true,
        reportsServing: true,
        failedWords: 'rollback failed'
    },
    promote: {
        needs: 'services',
        connection: true,
        target: 'deployment',
        policy: 'applies',
        checked: true,
        rollsBack: true,
        bringsBack: false,
        github: 'records',
        verb: 'Promote to',
        waiting: 'promoting',
        commit: 'served',
        builtFrom: 'promotion',
        sendsSource: false,
        namesDeployment: true,
        reportsServing: true,
        failedWords: 'promote failed'
    },
    delete: {
        needs: 'services',
        connection: true,
        target: 'deployment',
        policy: 'refused',
        checked: false,
        rollsBack: false,
        bringsBack: false,
        github: 'previews',
        verb: 'Delete',
        waiting: 'deleting',
        commit: 'workflow',
        builtFrom: 'workflow',
        sendsSource: true,
        namesDeployment: true,
        reportsServing: false,
        failedWords: 'delete failed'
    },
    // It finds its deployments by prune-prefix.
    prune: {
        needs: 'services',
        connection: true,
        target: 'found',
        policy: 'refused',
        checked: false,
        rollsBack: false,
        bringsBack: false,
        github: 'previews',
        verb: 'Prune',
        waiting: 'pruning',
        commit: 'workflow',
        builtFrom: 'workflow',
        sendsSource: true,
        namesDeployment: false,
        reportsServing: true,
        failedWords: 'prune failed'
    },
    // Checks the inputs and the release policy where they are read, as written for any operation.
    validate: { needs: 'nothing', connection: false, target: 'none', policy: 'checks' }
};


/***/ }),

/***/ 5498:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ StoppedBeforeWrite),
/* harmony export */   c: () => (/* binding */ CancelledError)
/* harmony export */ });
/**
 * A step refused what it read before the write (its settings, or a service it needs): nothing
 * was deployed. `refused` says so in a few words, for the headline. Made by the step runner
 * from the Refusal a step's prepare returns (../step-kit/step.ts), never by a step.
 */
class StoppedBeforeWrite extends Error {
    refused;
    constructor(message, refused) {
        super(message);
        this.refused = refused;
        this.name = 'StoppedBeforeWrite';
    }
}
/** Raised through `signal.reason` when the runner cancels the job. */
class CancelledError extends Error {
    signalName;
    constructor(signalName) {
        super(`the run was cancelled (${signalName})`);
        this.signalName = signalName;
        this.name = 'CancelledError';
    }
}


/***/ }),

/***/ 6594:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   iA: () => (/* binding */ startOperation),
/* harmony export */   xb: () => (/* binding */ OPERATIONS),
/* harmony export */   xj: () => (/* binding */ runOperation)
/* harmony export */ });
/* harmony import */ var _operation_facts__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8924);

/** One row per operation: its facts, and its run. */
const OPERATIONS = {
    deploy: {
        ..._operation_facts__WEBPACK_IMPORTED_MODULE_0__/* .OPERATION_FACTS */ .Y.deploy,
        run: (config, deps) => Promise.all(/* import() */[__webpack_require__.e(996), __webpack_require__.e(689)]).then(__webpack_require__.bind(__webpack_require__, 7689)).then(({ deploy }) => deploy(config, deps))
    },
    rollback: {
        ..._operation_facts__WEBPACK_IMPORTED_MODULE_0__/* .OPERATION_FACTS */ .Y.rollback,
        run: (config, deps) => Promise.all(/* import() */[__webpack_require__.e(996), __webpack_require__.e(689)]).then(__webpack_require__.bind(__webpack_require__, 7689)).then(({ rollbackOperation }) => rollbackOperation(config, deps))
    },
    promote: {
        ..._operation_facts__WEBPACK_IMPORTED_MODULE_0__/* .OPERATION_FACTS */ .Y.promote,
        run: (config, deps) => Promise.all(/* import() */[__webpack_require__.e(996), __webpack_require__.e(689)]).then(__webpack_require__.bind(__webpack_require__, 7689)).then(({ promote }) => promote(config, deps))
    },
    delete: {
        ..._operation_facts__WEBPACK_IMPORTED_MODULE_0__/* .OPERATION_FACTS */ .Y.delete,
        run: (config, deps) => Promise.all(/* import() */[__webpack_require__.e(996), __webpack_require__.e(689)]).then(__webpack_require__.bind(__webpack_require__, 7689)).then(({ deleteDeployment }) => deleteDeployment(config, deps))
    },
    prune: {
        ..._operation_facts__WEBPACK_IMPORTED_MODULE_0__/* .OPERATION_FACTS */ .Y.prune,
        run: (config, deps) => Promise.all(/* import() */[__webpack_require__.e(996), __webpack_require__.e(689)]).then(__webpack_require__.bind(__webpack_require__, 7689)).then(({ prunePreviews }) => prunePreviews(config, deps))
    },
    // validate runs only with a release policy, read first: in the policy reader's chunk.
    validate: {
        ..._operation_facts__WEBPACK_IMPORTED_MODULE_0__/* .OPERATION_FACTS */ .Y.validate,
        run: (config, log, report) => Promise.all(/* import() | policy */[__webpack_require__.e(815), __webpack_require__.e(477)]).then(__webpack_require__.bind(__webpack_require__, 6407)).then(({ validate }) => validate(config, log, report))
    }
};
/** Runs the operation the config names: its row's run, given its own variant of the config. */
function runOperation(config, deps) {
    const rows = OPERATIONS;
    const kind = rows[config.operation];
    return kind.run(config, deps);
}
/**
 * Starts the step's operation as its row says: one that needs nothing runs on its config and the
 * log alone; one that reaches the services is handed to `reachServices` (the run's wiring, which
 * the caller holds: this table sits below it).
 */
function startOperation(config, log, report, reachServices) {
    const kind = OPERATIONS[config.operation];
    // The row decides; the compiler cannot pair a row with its config's variant, hence the casts.
    if (kind.needs === 'nothing')
        return kind.run(config, log, report);
    return reachServices(config);
}


/***/ }),

/***/ 3558:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   i: () => (/* binding */ OUTCOMES),
/* harmony export */   k: () => (/* binding */ succeeds)
/* harmony export */ });
const OUTCOMES = {
    deployed: {
        exitCode: 0,
        headline: 'succeeded',
        githubState: 'success',
        rollback: 'no',
        failureLogs: false,
        serves: 'this-run'
    },
    'checks-failed': {
        exitCode: 1,
        headline: 'check-failed',
        githubState: 'failure',
        rollback: 'by-checks',
        failureLogs: false,
        serves: 'checked'
    },
    'revision-created': {
        exitCode: 0,
        headline: 'not-waited',
        githubState: 'in_progress',
        rollback: 'no',
        failureLogs: false,
        serves: 'unknown'
    },
    // CREATE_FAILED, BUILD_FAILED, DEPLOY_FAILED, INTERRUPTED.
    failed: {
        exitCode: 1,
        headline: 'failed',
        githubState: 'failure',
        rollback: 'yes',
        failureLogs: true,
        serves: 'previous'
    },
    // A newer deploy by someone else would be undone.
    superseded: {
        exitCode: 1,
        headline: 'superseded',
        githubState: 'failure',
        rollback: 'no',
        failureLogs: false,
        serves: 'unknown'
    },
    // No verdict on the revision: it goes on on the service.
    timeout: {
        exitCode: 1,
        headline: 'timed-out',
        githubState: 'failure',
        rollback: 'no',
        failureLogs: true,
        serves: 'unknown'
    },
    // A person's (or the runner's) stop, never a verdict on the revision.
    cancelled: {
        exitCode: 1,
        headline: 'cancelled',
        githubState: 'error',
        rollback: 'no',
        failureLogs: false,
        serves: 'unknown'
    },
    error: {
        exitCode: 1,
        headline: 'errored',
        githubState: 'error',
        rollback: 'no',
        failureLogs: false,
        serves: 'unknown'
    },
    // Nothing was written: what served when the deployment was read serves still.
    'dry-run': {
        exitCode: 0,
        headline: 'dry-run',
        githubState: 'in_progress',
        rollback: 'no',
        failureLogs: false,
        serves: 'previous'
    },
    deleted: {
        exitCode: 0,
        headline: 'deleted',
        githubState: 'success',
        rollback: 'no',
        failureLogs: false,
        serves: 'none'
    },
    absent: {
        exitCode: 0,
        headline: 'absent',
        githubState: 'success',
        rollback: 'no',
        failureLogs: false,
        serves: 'none'
    },
    pruned: {
        exitCode: 0,
        headline: 'pruned',
        githubState: 'success',
        rollback: 'no',
        failureLogs: false,
        serves: 'unknown'
    }
};
/** Whether the step succeeds (exits 0) with this outcome. */
function succeeds(outcome) {
    return OUTCOMES[outcome].exitCode === 0;
}


/***/ }),

/***/ 2467:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cm: () => (/* binding */ keyPathText),
/* harmony export */   OH: () => (/* binding */ uniqueProblems),
/* harmony export */   Xf: () => (/* binding */ saidOnce),
/* harmony export */   YK: () => (/* binding */ problemLine),
/* harmony export */   pA: () => (/* binding */ nearest)
/* harmony export */ });
/** A key path as people read it: `section.key.name`, `section.list[2].key` (1-based). */
function keyPathText(path) {
    return path.reduce((text, part) => {
        if (typeof part === 'number')
            return `${text}[${part + 1}]`;
        return text === '' ? String(part) : `${text}.${String(part)}`;
    }, '');
}
/** The problem as one line of the log: `policy.yml:14:5: section.key must …`. */
function problemLine(problem) {
    const where = [problem.file, problem.line, problem.col].filter((part) => part !== undefined);
    return `${where.join(':')}: ${problem.message}`;
}
/** The same problem reported twice (a rule judged for the file and again for each entry) once. */
function uniqueProblems(problems) {
    const seen = new Set();
    return problems.filter((problem) => {
        const id = `${problem.file}\n${problem.line}\n${problem.col}\n${problem.message}`;
        if (seen.has(id))
            return false;
        seen.add(id);
        return true;
    });
}
/**
 * One problem per place and sentence: a rule broken as written is said once, without an entry;
 * one broken only by entries is said once for its line, naming each entry that breaks it.
 */
function saidOnce(judged) {
    const byPlace = new Map();
    for (const { entry, problem } of judged) {
        const id = `${problem.file}\n${problem.line}\n${problem.col}\n${problem.message}`;
        const same = byPlace.get(id);
        if (same === undefined)
            byPlace.set(id, { problem, entries: [entry] });
        else if (!same.entries.includes(entry))
            same.entries.push(entry);
    }
    return [...byPlace.values()].map(({ problem, entries }) => {
        if (entries.includes(undefined))
            return problem;
        const names = entries.map((entry) => `environments.${entry}`);
        const context = names.length === 1 ? `with ${names[0]} merged` : `with each of ${names.join(', ')} merged`;
        return { ...problem, message: `${context}: ${problem.message}` };
    });
}
/** The known name closest to a misspelt one, when it is close enough to be the one meant. */
function nearest(name, known) {
    let best;
    const folded = name.toLowerCase();
    for (const candidate of known) {
        // Never closer than their lengths differ: most candidates are ruled out without a table.
        if (best !== undefined && Math.abs(candidate.length - folded.length) >= best.distance)
            continue;
        const distance = editDistance(folded, candidate.toLowerCase());
        if (best === undefined || distance < best.distance)
            best = { name: candidate, distance };
    }
    if (best === undefined)
        return undefined;
    return best.distance <= Math.max(2, Math.floor(best.name.length / 3)) ? best.name : undefined;
}
/** Levenshtein distance, an adjacent swap counting as one edit; three rows, no allocation per cell. */
function editDistance(a, b) {
    const width = b.length + 1;
    let before = new Int32Array(width);
    let previous = Int32Array.from({ length: width }, (_, j) => j);
    let current = new Int32Array(width);
    for (let i = 1; i <= a.length; i++) {
        current[0] = i;
        for (let j = 1; j <= b.length; j++) {
            const cost = a[i - 1] === b[j - 1] ? 0 : 1;
            let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
            if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
                value = Math.min(value, (before[j - 2] ?? 0) + 1);
            current[j] = value;
        }
        ;
        [before, previous, current] = [previous, current, before];
    }
    return previous[b.length] ?? 0;
}


/***/ }),

/***/ 6985:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cv: () => (/* binding */ about),
/* harmony export */   Eb: () => (/* binding */ key),
/* harmony export */   H7: () => (/* binding */ mappingError)
/* harmony export */ });
/* unused harmony export mapping */
/**
 * How a section of the release policy is written as a zod schema: a key's description, a key
 * that an environments entry may remove (`null`), a mapping whose wrong type reads as a sentence.
 * Shared by the sections' declarations (./section.ts) and the policy's schema (./schema.ts).
 */

/** The description the JSON Schema carries for a key (its default comes from DEFAULTS). */
function about(schema, description) {
    return schema.meta({ description });
}
/**
 * A key of a section: optional in the file; in an environments entry also `null` (remove it).
 */
function key(entry, schema) {
    return (entry ? schema.nullable().optional() : schema.optional());
}
/** A mapping's message when it is something else (its unknown keys are said apart). */
function mappingError(what) {
    return (issue) => issue.code === 'invalid_type' ? `must be ${what}` : undefined;
}
/** A section: a mapping of its keys. */
function mapping(name, shape) {
    return z.strictObject(shape, { error: mappingError(`a mapping of ${name}'s keys`) });
}


/***/ }),

/***/ 5824:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   X: () => (/* binding */ lacksInput),
/* harmony export */   r: () => (/* binding */ defineSection)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2857);
/* harmony import */ var _schema_kit__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6985);
/**
 * One section of the release policy as one declaration: its keys' schema (for the file and for an
 * environments entry), their defaults and words, how the pull request's diff judges each key, the
 * rules between its keys and with the step's inputs, the keys that may name a workspace file, and
 * the mapping to its step's typed settings. The policy machinery (./sections.ts lists the
 * declarations) iterates over these and never names a section. A declaration lives in its step's
 * folder beside the step, as a module of its own that loads none of the step's code.
 */


/** Whether a rule needing an input of the step is broken by its absence (never when validating). */
const lacksInput = (step, input) => input === undefined && step.validating !== true;
/** The declaration of a section, with its schema for the file and for an environments entry. */
function defineSection(spec) {
    const fileKey = (schema) => (0,_schema_kit__WEBPACK_IMPORTED_MODULE_0__/* .key */ .Eb)(false, schema);
    const entryKey = ((schema) => (0,_schema_kit__WEBPACK_IMPORTED_MODULE_0__/* .key */ .Eb)(true, schema));
    const mapping = (shape) => zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej(shape, {
        error: (0,_schema_kit__WEBPACK_IMPORTED_MODULE_0__/* .mappingError */ .H7)(`a mapping of ${spec.possessive ?? `${spec.name}'s`} keys`)
    });
    return {
        ...spec,
        file: mapping(spec.keys(fileKey, false)),
        // The same keys, each also `null`; a map's values too (`entry` tells the kinds of value).
        entry: mapping(spec.keys(entryKey, true))
    };
}


/***/ }),

/***/ 4333:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Qq: () => (/* binding */ text),
/* harmony export */   U9: () => (/* binding */ count),
/* harmony export */   p0: () => (/* binding */ duration),
/* harmony export */   pG: () => (/* binding */ expectation),
/* harmony export */   uM: () => (/* binding */ share)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2857);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8532);
/* harmony import */ var _lib_duration__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2543);
/* harmony import */ var _lib_expectation__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2981);
/**
 * The release policy's common kinds of value, as zod schemas from what the file holds (input) to
 * what the action uses (output): durations in milliseconds, shares 0–1, counts, text. A kind
 * only one section has is its declaration's. Every error is a sentence that follows the key path.
 */



const DURATION_WORDS = 'a duration: seconds (900) or text like 15m, 1h30m, 45s';
/** Seconds as a number, or `15m`/`1h30m` as text → milliseconds, more than 0. */
const duration = zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig(), zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()], { error: `must be ${DURATION_WORDS}` })
    .transform((value, ctx) => {
    const ms = typeof value === 'number' ? Math.round(value * 1000) : (0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .parseDuration */ .E)(value);
    if (ms !== undefined && Number.isFinite(ms) && ms > 0)
        return ms;
    ctx.issues.push({ code: 'custom', message: `must be ${DURATION_WORDS}`, input: value });
    return zod__WEBPACK_IMPORTED_MODULE_2__/* .NEVER */ .tm;
});
const SHARE_WORDS = 'must be a share written with %, from 0% to 100% (for example 5%)';
/** `5%` → 0.05. A bare number is refused: 5 could mean 5% or 500%. */
const share = zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP({ error: `${SHARE_WORDS}; a bare number is not a share` })
    .regex(/^\d+(\.\d+)?\s*%$/, SHARE_WORDS)
    .transform((text, ctx) => {
    const match = /^(\d+(?:\.\d+)?)\s*%$/.exec(text.trim());
    const percent = match ? Number(match[1]) : NaN;
    if (Number.isFinite(percent) && percent <= 100)
        return percent / 100;
    ctx.issues.push({ code: 'custom', message: SHARE_WORDS, input: text });
    return zod__WEBPACK_IMPORTED_MODULE_2__/* .NEVER */ .tm;
});
/** A whole number from `min` to `max`; `why` says why the top is where it is. */
const count = (min, max, why = '') => zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig({ error: `must be a whole number from ${min} to ${max}` })
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be a whole number from ${min} to ${max}`)
    .max(max, `must be at most ${max}${why}`);
const text = zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP({ error: 'must be text' })
    .refine((value) => value.trim() !== '', 'must not be empty');
/** What a reply must hold (`agent.expect`, a canary's `expect`): text, or `/pattern/flags` that compiles. */
const expectation = text.check((ctx) => {
    const parsed = (0,_lib_expectation__WEBPACK_IMPORTED_MODULE_3__/* .parseExpectation */ .WR)(ctx.value);
    if ('problem' in parsed)
        ctx.issues.push({ code: 'custom', message: parsed.problem, input: '' });
});


/***/ }),

/***/ 5658:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S: () => (/* binding */ durationWords),
/* harmony export */   h: () => (/* binding */ shareWords)
/* harmony export */ });
/** A policy's values as people read them: `15m`, `5%`, `0.80`. Pure. */
/** Milliseconds as a duration the policy could hold: `1h30m`, `15m`, `45s`, `1.5s`. */
function durationWords(ms) {
    const hours = Math.floor(ms / 3_600_000);
    const minutes = Math.floor((ms % 3_600_000) / 60_000);
    const seconds = (ms % 60_000) / 1000;
    const parts = [
        hours > 0 && `${hours}h`,
        minutes > 0 && `${minutes}m`,
        seconds > 0 && `${seconds}s`
    ];
    const text = parts.filter((part) => part !== false).join('');
    return text === '' ? '0s' : text;
}
/** A share 0–1 as written: `5%`. */
function shareWords(share) {
    return `${Number((share * 100).toFixed(4))}%`;
}


/***/ }),

/***/ 5760:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   OL: () => (/* binding */ compareEnvironments),
/* harmony export */   U3: () => (/* binding */ weakerFirst),
/* harmony export */   dR: () => (/* binding */ writtenPath),
/* harmony export */   vU: () => (/* binding */ listedLines)
/* harmony export */ });
/* harmony import */ var canonicalize__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8799);
/* harmony import */ var _compare__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6161);
/* harmony import */ var _environments__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7974);
/* harmony import */ var _sections__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9594);
/**
 * What a pull request changes in the release policy for every environment either side names:
 * each name's policy in effect on both sides (what that name selects there, merged over the rest)
 * and the rest alone (an environment with no entry), compared key by key (./compare.ts). A change
 * the same for all of them is listed once, under every environment; any other under each
 * environment it affects, this run's first. Pure.
 */




const idOf = (change) => (0,canonicalize__WEBPACK_IMPORTED_MODULE_2__/* ["default"] */ .A)(change) ?? change.keyPath;
/**
 * The changes from `base` (undefined: the file is new in the pull request) to `head`, grouped by
 * where they apply; `environment` is this run's input (its group comes first).
 */
function compareEnvironments(base, head, environment) {
    const names = uniqueNames([...head.entries, ...(base?.entries ?? [])]);
    const compared = [
        { scope: { kind: 'rest' }, list: (0,_compare__WEBPACK_IMPORTED_MODULE_0__/* .comparePolicies */ .OF)(base?.side(undefined), head.side(undefined)) },
        ...names.map((name) => ({
            scope: { kind: 'entry', name },
            list: (0,_compare__WEBPACK_IMPORTED_MODULE_0__/* .comparePolicies */ .OF)(base?.side(name), head.side(name))
        }))
    ];
    const common = compared
        .map(({ list }) => new Set(list.map(idOf)))
        .reduce((all, ids) => new Set([...all].filter((id) => ids.has(id))));
    const every = compared[0]?.list.filter((change) => common.has(idOf(change))) ?? [];
    const applied = (0,_environments__WEBPACK_IMPORTED_MODULE_3__/* .selectEntry */ .J9)(head.entries, environment);
    const isThisRun = (scope) => applied === undefined
        ? scope.kind === 'rest'
        : scope.kind === 'entry' && scope.name.toLowerCase() === applied.toLowerCase();
    const others = compared
        .map(({ scope, list }) => ({ scope, list: list.filter((change) => !common.has(idOf(change))) }))
        .filter(({ list }) => list.length > 0);
    return [
        ...(every.length > 0 ? [{ scope: { kind: 'every' }, list: every }] : []),
        ...others.filter(({ scope }) => isThisRun(scope)),
        ...others.filter(({ scope }) => !isThisRun(scope))
    ];
}
/** Names as GitHub matches them: without regard to case, the first spelling kept. */
function uniqueNames(names) {
    const seen = new Map();
    for (const name of names)
        if (!seen.has(name.toLowerCase()))
            seen.set(name.toLowerCase(), name);
    return [...seen.values()];
}
/** Each line as many times as it is listed: the counts are of the lines a reader sees. */
const listedLines = (groups) => groups.flatMap(({ list }) => list);
/**
 * How bad a weaker line is: a section removed, a key its declaration marks `takesCheck` (a check
 * or the safety net taken away), an item of a listed file removed (0), then bounds (1).
 */
function severity(change) {
    const [name, key = ''] = change.keyPath.split('.');
    const section = _sections__WEBPACK_IMPORTED_MODULE_1__/* .DECLARATIONS */ .UJ.find((each) => each.name === name);
    if (section === undefined)
        return 1;
    if (change.keyPath === section.name)
        return 0;
    const listKey = key.replace(/\[.*$/, '');
    if (listKey !== key)
        return change.note === 'removed' && section.files?.[listKey] ? 0 : 1;
    return section.diff?.[key]?.takesCheck === true ? 0 : 1;
}
/** Every weaker line, worst first (then in the order listed). */
function weakerFirst(groups) {
    return groups
        .flatMap(({ scope, list }) => list.filter((change) => change.word === 'weaker').map((change) => ({ scope, change })))
        .map((weaker, order) => ({ weaker, order, rank: severity(weaker.change) }))
        .sort((a, b) => a.rank - b.rank || a.order - b.order)
        .map(({ weaker }) => weaker);
}
/** The key path of a change as the file writes it: `smoke.cases[hello]` → smoke, cases. */
function writtenPath(keyPath) {
    const [section = '', key, ...rest] = keyPath.replace(/\[.*$/, '').split('.');
    return [
        section,
        ...(key === undefined ? [] : [key]),
        ...(rest.length > 0 ? [rest.join('.')] : [])
    ];
}


/***/ }),

/***/ 6161:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   OF: () => (/* binding */ comparePolicies),
/* harmony export */   Zg: () => (/* binding */ changeCounts),
/* harmony export */   vK: () => (/* binding */ changeLine)
/* harmony export */ });
/* harmony import */ var canonicalize__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8799);
/* harmony import */ var _sections__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9594);
/**
 * What a pull request changes in the policy in effect: one line per setting, its key path, the
 * base branch's value → this one's, and whether the change makes the release weaker, stronger or
 * only changed (spec: "What a pull request changes"). Pure.
 */


/** A section of one side, as its keys' judgements read it. */
function diffSide(side, section) {
    const values = side.policy[section.name];
    if (values === undefined)
        return undefined;
    return {
        values,
        list: (key) => {
            const listed = side.files?.[`${section.name}.${key}`]?.written;
            return listed ?? (Array.isArray(values[key]) ? values[key] : undefined);
        }
    };
}
/** Every setting of a section as key path → value, as its declaration expands and shows it. */
function settings(side, section) {
    const found = new Map();
    if (side === undefined)
        return found;
    const setting = (value, diff) => value == null
        ? { value, shown: '(none)', diff }
        : {
            value,
            judged: diff.judged ? diff.judged(value, side) : plainJudged(value),
            shown: diff.shown?.(value, side) ?? plain(value),
            diff
        };
    // In the order of the section's keys; a mapping with a fallback also when not written.
    const keys = Object.keys(section.file.shape).filter((key) => side.values[key] !== undefined || section.diff?.[key]?.fallback !== undefined);
    for (const key of keys) {
        const value = side.values[key];
        const keyPath = `${section.name}.${key}`;
        const diff = section.diff?.[key] ?? {};
        const file = section.files?.[key];
        if (file !== undefined) {
            if (value === undefined)
                continue;
            // An item is matched across the sides by its identity, its repeats counted.
            const seen = new Map();
            for (const [index, written] of (side.list(key) ?? []).entries()) {
                const identity = file.identity(written, index);
                const repeat = (seen.get(identity) ?? 0) + 1;
                seen.set(identity, repeat);
                found.set(`${keyPath}[${repeat === 1 ? identity : `${identity} #${repeat}`}]`, {
                    value: written,
                    shown: file.shown(written),
                    diff
                });
            }
        }
        else if (diff.perKey) {
            const lines = (value ?? {});
            for (const [name, bound] of Object.entries(lines))
                if (bound != null)
                    found.set(`${keyPath}.${name}`, {
                        ...setting(bound, diff),
                        stands: name === diff.fallback?.name
                    });
            const fallback = diff.fallback;
            for (const name of fallback?.names(side) ?? [])
                if (fallback && lines[name] == null && name !== fallback.name)
                    found.set(`${keyPath}.${name}`, {
                        ...setting(lines[fallback.name], diff),
                        via: `${keyPath}.${fallback.name}`
                    });
        }
        else
            found.set(keyPath, setting(value, diff));
    }
    return found;
}
function plain(value) {
    return typeof value === 'string' ? JSON.stringify(value) : ((0,canonicalize__WEBPACK_IMPORTED_MODULE_1__/* ["default"] */ .A)(value) ?? String(value));
}
/** A number, or a boolean as 0 or 1, is judged as itself; any other value is not comparable. */
function plainJudged(value) {
    return typeof value === 'number' ? value : typeof value === 'boolean' ? Number(value) : undefined;
}
/** The line of a setting both sides have, or undefined when nothing that applies changed. */
function changed(keyPath, from, to, judge) {
    const sameValue = (0,canonicalize__WEBPACK_IMPORTED_MODULE_1__/* ["default"] */ .A)(from.value) === (0,canonicalize__WEBPACK_IMPORTED_MODULE_1__/* ["default"] */ .A)(to.value);
    if (sameValue && from.judged === to.judged)
        return undefined;
    const moved = judge && from.judged !== undefined && to.judged !== undefined
        ? Math.sign(to.judged - from.judged) * (to.diff.direction ?? 0)
        : 0;
    const word = moved > 0 ? 'stronger' : moved < 0 ? 'weaker' : 'changed';
    // A value shown the same on both sides (an assistant's content is never shown): the line
    // names where it differs instead.
    const paths = from.shown === to.shown ? differingPaths(from.value, to.value) : [];
    return {
        keyPath,
        base: from.shown,
        head: to.shown,
        word,
        ...(paths.length > 0 && { paths })
    };
}
/** The changes of one section present on both sides, in the order of its keys. */
function sectionChanges(before, after) {
    // A name that takes the standing line's value on both sides: that line speaks for it.
    const standing = new Set();
    const own = (setting) => setting !== undefined && setting.via === undefined ? setting : undefined;
    for (const [keyPath, from] of before) {
        const to = after.get(keyPath);
        if (from.via !== undefined && to?.via === from.via)
            standing.add(from.via);
    }
    const changes = [];
    for (const keyPath of new Set([...before.keys(), ...after.keys()])) {
        const inBase = before.get(keyPath);
        const inHead = after.get(keyPath);
        // A name with no line of its own on either side is the standing line's.
        if (own(inBase) === undefined && own(inHead) === undefined)
            continue;
        const present = (setting) => setting !== undefined && setting.value != null ? setting : undefined;
        const from = present(inBase);
        const to = present(inHead);
        // A line that stands for others is judged only on the names it stands for on both sides.
        const judge = !(inBase?.stands || inHead?.stands) || standing.has(keyPath);
        const weakens = (setting) => judge && setting.diff.removalWeakens === true;
        if (from !== undefined && to !== undefined) {
            const change = changed(keyPath, from, to, judge);
            if (change)
                changes.push(change);
        }
        else if (from !== undefined)
            changes.push({
                keyPath,
                base: from.shown,
                word: weakens(from) ? 'weaker' : 'changed',
                note: 'removed'
            });
        else if (to !== undefined)
            changes.push({
                keyPath,
                head: to.shown,
                word: weakens(to) ? 'stronger' : 'changed',
                note: 'added'
            });
    }
    return changes;
}
/**
 * The changes from `base` (the policy in effect at the pull request's base; undefined when the
 * file is new there) to `head`, in the order of the sections and their keys, each judged on the
 * value that applies.
 */
function comparePolicies(base, head) {
    const changes = [];
    for (const section of _sections__WEBPACK_IMPORTED_MODULE_0__/* .DECLARATIONS */ .UJ) {
        const headSide = diffSide(head, section);
        const after = settings(headSide, section);
        if (base === undefined) {
            for (const [keyPath, setting] of after)
                if (setting.via === undefined)
                    changes.push({ keyPath, head: setting.shown, word: 'new' });
            continue;
        }
        const baseSide = diffSide(base, section);
        if (baseSide !== undefined && headSide === undefined) {
            changes.push({ keyPath: section.name, base: 'present', word: 'weaker', note: 'removed' });
            continue;
        }
        if (baseSide === undefined && headSide !== undefined) {
            changes.push({ keyPath: section.name, head: 'present', word: 'stronger', note: 'added' });
            continue;
        }
        changes.push(...sectionChanges(settings(baseSide, section), after));
    }
    return changes;
}
/** The key paths where two values differ (`config.configurable.model`), never the values. */
function differingPaths(base, head, prefix = '') {
    const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
    if (isRecord(base) && isRecord(head))
        return [...new Set([...Object.keys(base), ...Object.keys(head)])].flatMap((key) => differingPaths(base[key], head[key], prefix === '' ? key : `${prefix}.${key}`));
    return (0,canonicalize__WEBPACK_IMPORTED_MODULE_1__/* ["default"] */ .A)(base) === (0,canonicalize__WEBPACK_IMPORTED_MODULE_1__/* ["default"] */ .A)(head) || prefix === '' ? [] : [prefix];
}
/**
 * "`gate.min-scores.correctness` 0.8 → 0.6, weaker", or for an assistant "`assistants.entries[support]`:
 * `config.configurable.model` changed"; plain text, escaped by the report.
 */
function changeLine(change) {
    if (change.paths !== undefined && change.paths.length > 0)
        return `\`${change.keyPath}\`: ${change.paths.map((path) => `\`${path}\``).join(', ')} ${change.word}`;
    const values = `${change.base ?? '(none)'} → ${change.head ?? '(none)'}`;
    const word = change.note === undefined ? change.word : `${change.word} (${change.note})`;
    return `\`${change.keyPath}\` ${values}, ${word}`;
}
/** The PR comment's one line: "policy: 2 weaker, 1 stronger". */
function changeCounts(changes) {
    const words = ['weaker', 'stronger', 'changed', 'new'];
    const counts = words
        .map((word) => [word, changes.filter((change) => change.word === word).length])
        .filter(([, count]) => count > 0)
        .map(([word, count]) => `${count} ${word}`);
    return `policy: ${counts.length > 0 ? counts.join(', ') : 'unchanged'}`;
}


/***/ }),

/***/ 8621:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   w: () => (/* binding */ describePolicy)
/* harmony export */ });
/* harmony import */ var _sections__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9594);

/** One line per section present. */
function describePolicy(policy) {
    const sections = policy;
    return _sections__WEBPACK_IMPORTED_MODULE_0__/* .DECLARATIONS */ .UJ.flatMap((section) => {
        const value = sections[section.name];
        return value === undefined
            ? []
            : [`${section.name}: ${section.words(value).join(', ')}`];
    });
}


/***/ }),

/***/ 7974:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   J9: () => (/* binding */ selectEntry),
/* harmony export */   M5: () => (/* binding */ sameNamedEntries),
/* harmony export */   z$: () => (/* binding */ mergeEntry)
/* harmony export */ });
/**
 * The `environments` entry for a GitHub environment, and the policy with it merged over the
 * rest. Works on the file as written (before values are parsed), so a mapping is merged key by key
 * whatever it holds. Pure.
 */
const isMapping = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/**
 * The entry that applies to `environment`: the one named exactly, else the longest prefix entry
 * (`pr-*`) it starts with; undefined when none does (or no environment is given). Names match
 * without regard to case, as GitHub matches environments (`Production` is `production`).
 */
function selectEntry(entryNames, environment) {
    if (environment === undefined || environment === '')
        return undefined;
    const wanted = environment.toLowerCase();
    const exact = entryNames.find((name) => name.toLowerCase() === wanted);
    if (exact !== undefined)
        return exact;
    let best;
    for (const name of entryNames) {
        if (!name.endsWith('*'))
            continue;
        const prefix = name.slice(0, -1).toLowerCase();
        if (wanted.startsWith(prefix) && (best === undefined || prefix.length > best.length - 1))
            best = name;
    }
    return best;
}
/**
 * Entries whose names differ from an earlier one's only by case: GitHub sees one environment,
 * so the file would say two things of it. Each with the name it repeats.
 */
function sameNamedEntries(entryNames) {
    const seen = new Map();
    const repeated = [];
    for (const name of entryNames) {
        const first = seen.get(name.toLowerCase());
        if (first === undefined)
            seen.set(name.toLowerCase(), name);
        else
            repeated.push({ name, first });
    }
    return repeated;
}
/**
 * The policy (as written) with `entry` merged over it, without `environments`: mappings key by
 * key, anything else replaced, `null` removing a key and `false` a whole section.
 */
function mergeEntry(policy, entry) {
    const rest = Object.fromEntries(Object.entries(policy).filter(([key]) => key !== 'environments'));
    if (!isMapping(entry))
        return rest;
    const removed = (value) => value === false || value === null;
    return mergeMappings(rest, entry, removed);
}
function mergeMappings(base, over, removed) {
    const merged = new Map(Object.entries(base));
    for (const [key, value] of Object.entries(over)) {
        if (removed(value))
            merged.delete(key);
        else
            merged.set(key, mergeValue(merged.get(key), value));
    }
    return Object.fromEntries(merged);
}
function mergeValue(base, over) {
    if (!isMapping(over))
        return over;
    return mergeMappings(isMapping(base) ? base : {}, over, (value) => value === null);
}


/***/ }),

/***/ 1821:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K: () => (/* binding */ policyInputRules),
/* harmony export */   c: () => (/* binding */ policyRules)
/* harmony export */ });
/* harmony import */ var _sections__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9594);

const isMapping = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
/**
 * The policy's own rules; `given` tells a key written from a default, `namedCount` the items of
 * a named file when it could be read.
 */
function policyRules(policy, given, namedCount = () => undefined) {
    const whole = policy;
    return _sections__WEBPACK_IMPORTED_MODULE_0__/* .DECLARATIONS */ .UJ.flatMap((section) => {
        const value = whole[section.name];
        if (!isMapping(value) || section.rules === undefined)
            return [];
        return section.rules(value, {
            policy: whole,
            given: (key) => given(section.name, key),
            itemCount: (key) => {
                const list = value[key];
                if (Array.isArray(list))
                    return list.length;
                return typeof list === 'string' ? namedCount(`${section.name}.${key}`, list) : undefined;
            }
        });
    });
}
/**
 * The rules between the policy and the step's inputs: any check with `wait: false`, a step
 * without the service it reads. Each names the key that needs the input. Judged on the file as
 * written (an entry merged over it), so they are said beside the file's own problems: a key
 * counts when it is there, whatever its value's problems.
 */
function policyInputRules(policy, step) {
    const valueIn = (section) => (key) => {
        const inSection = policy[section];
        return isMapping(inSection) ? inSection[key] : undefined;
    };
    const problems = [];
    if (!step.wait)
        for (const section of _sections__WEBPACK_IMPORTED_MODULE_0__/* .DECLARATIONS */ .UJ) {
            const acts = section.actsOnDeployed;
            if (acts === undefined || !acts.asks(valueIn(section.name)(acts.key)))
                continue;
            const path = [section.name, acts.key];
            problems.push({
                path,
                message: `${path.join('.')} needs wait: true (it acts once the revision is DEPLOYED)`
            });
        }
    for (const section of _sections__WEBPACK_IMPORTED_MODULE_0__/* .DECLARATIONS */ .UJ)
        problems.push(...(section.inputRules?.(valueIn(section.name), step) ?? []));
    return problems;
}


/***/ }),

/***/ 9594:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  UJ: () => (/* binding */ DECLARATIONS),
  XS: () => (/* binding */ DECLARED),
  iR: () => (/* binding */ overtimeMs)
});

// EXTERNAL MODULE: ./src/agent-checks/section.ts
var agent_checks_section = __webpack_require__(1206);
// EXTERNAL MODULE: ./src/assistants/section.ts
var section = __webpack_require__(182);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(2857);
// EXTERNAL MODULE: ./node_modules/zod/v4/core/core.js
var core = __webpack_require__(8532);
// EXTERNAL MODULE: ./src/lib/duration.ts
var duration = __webpack_require__(2543);
// EXTERNAL MODULE: ./src/policy-kit/section.ts
var policy_kit_section = __webpack_require__(5824);
// EXTERNAL MODULE: ./src/policy-kit/schema-kit.ts
var schema_kit = __webpack_require__(6985);
// EXTERNAL MODULE: ./src/bake/windows.ts
var windows = __webpack_require__(9740);
// EXTERNAL MODULE: ./src/policy-kit/values.ts
var values = __webpack_require__(4333);
// EXTERNAL MODULE: ./src/policy-kit/words.ts
var words = __webpack_require__(5658);
;// CONCATENATED MODULE: ./src/bake/section.ts
/**
 * The release policy's `bake` section: how long the new revision's own traffic is watched after
 * the checks, how often its window is read, and the bounds it must stay inside; the rules between
 * its keys, its words and its settings. Loads none of the bake's code nor the tracing client.
 */







/** The longest bake: the runner's job ends after 6 hours, the deploy and a rollback included. */
const MAX_BAKE_MS = 5 * 3_600_000;
/** The shortest interval between two reads. */
const MIN_BAKE_INTERVAL_MS = 1000;
/** The latency bounds a window has. */
const LATENCY_KEYS = ['p50', 'p99'];
/** The bounds relative to the previous revision's window. */
const REGRESSION_KEYS = ['error-rate', 'p50', 'p99'];
/** `bake.revision-key` is written into the service's filter grammar: nothing that could break out. */
const REVISION_KEY = /^[A-Za-z0-9_.-]{1,64}$/;
const PERCENT_WORDS = 'must be a share written with %, from 0% to 1000% (for example 20%)';
/** `20%` → 0.2, up to 1000% (a latency may regress past double). */
const increase = schemas/* string */.YjP({ error: `${PERCENT_WORDS}; a bare number is not a share` })
    .transform((value, ctx) => {
    const match = /^(\d+(?:\.\d+)?)\s*%$/.exec(value.trim());
    const percent = match ? Number(match[1]) : NaN;
    if (Number.isFinite(percent) && percent <= 1000)
        return percent / 100;
    ctx.issues.push({ code: 'custom', message: PERCENT_WORDS, input: value });
    return core/* NEVER */.tm;
});
/** A map keyed by a few names: an unknown name is refused with the names known. */
function namedMap(names, value, nullable) {
    const known = schemas/* string */.YjP().refine((name) => names.includes(name), `must be ${names.join(' or ')}`);
    const entry = (nullable ? value.nullable() : value);
    return schemas/* record */.g1P(known, entry, {
        error: `must be a mapping of ${names.join(', ')} to bounds`
    });
}
// error-rate above 100 % is refused by the rules, so it is said beside the other keys' problems.
const keys = ((key, entry) => ({
    duration: key((0,schema_kit/* about */.Cv)(values/* duration */.p0.refine((ms) => ms <= MAX_BAKE_MS, 'must be at most 5h (the runner ends a job after 6 hours)'), "after every check passed, watch the new revision's own traffic this long (at most 5h)")),
    interval: key((0,schema_kit/* about */.Cv)(values/* duration */.p0.refine((ms) => ms >= MIN_BAKE_INTERVAL_MS, 'must be at least 1s'), 'how often the window is read (1s up to bake.duration)')),
    'min-runs': key((0,schema_kit/* about */.Cv)((0,values/* count */.U9)(0, 1_000_000), 'root runs a window needs before a bound is judged (0: none; a window with no runs never passes)')),
    'max-error-rate': key((0,schema_kit/* about */.Cv)(values/* share */.uM, 'share of root runs that may end in an error, N%')),
    'max-latency': key((0,schema_kit/* about */.Cv)(namedMap(LATENCY_KEYS, values/* duration */.p0, entry), 'p50 and/or p99 → duration: root-run latency bounds')),
    'max-regression': key((0,schema_kit/* about */.Cv)(namedMap(REGRESSION_KEYS, increase, entry), "error-rate → N% (points above the previous revision's window), p50/p99 → N% (relative increase)")),
    'failure-limit': key((0,schema_kit/* about */.Cv)((0,values/* count */.U9)(1, 10), 'breaching reads in a row that end the bake early, 1–10')),
    'revision-key': key((0,schema_kit/* about */.Cv)(values/* text */.Qq.regex(REVISION_KEY, "must be 1–64 letters, digits and _ . - (it is written into the service's filter)"), "a run metadata key that holds the serving revision's id: both windows count only runs that carry it"))
}));
const DEFAULTS = { interval: '1m', 'min-runs': 20, 'failure-limit': 2 };
const asDuration = (value) => (0,words/* durationWords */.S)(value);
const asShare = (value) => (0,words/* shareWords */.h)(value);
const bakeSection = (0,policy_kit_section/* defineSection */.r)({
    name: 'bake',
    // Its window, and the reads after it, run past `timeout` under their own bound.
    overtimeMs: (settings) => (0,windows/* bakeBudgetMs */.d6)(settings.durationMs, settings.intervalMs),
    keys,
    defaults: DEFAULTS,
    words: (bake) => {
        const latency = Object.entries(bake['max-latency'] ?? {}).map(([key, ms]) => `${key} ≤ ${(0,words/* durationWords */.S)(ms)}`);
        const regression = Object.entries(bake['max-regression'] ?? {}).map(([key, share]) => key === 'error-rate'
            ? `error rate at most ${(0,words/* shareWords */.h)(share)} above the previous revision's`
            : `${key} at most ${(0,words/* shareWords */.h)(share)} above the previous revision's`);
        const errorRate = bake['max-error-rate'];
        return [
            bake.duration === undefined ? 'no duration' : `${(0,words/* durationWords */.S)(bake.duration)} of traffic`,
            `read every ${(0,words/* durationWords */.S)(bake.interval ?? 0)}`,
            `at least ${bake['min-runs']} runs`,
            ...(errorRate === undefined ? [] : [`errors ≤ ${(0,words/* shareWords */.h)(errorRate)}`]),
            ...latency,
            ...regression,
            `${bake['failure-limit']} breaching reads in a row end it`,
            ...(bake['revision-key'] === undefined
                ? []
                : [`runs whose metadata ${bake['revision-key']} names the revision`])
        ];
    },
    // A higher bound lets more through, and removing one judges less.
    diff: {
        duration: { direction: 1, shown: asDuration },
        interval: { shown: asDuration },
        'min-runs': { direction: 1 },
        'max-error-rate': { direction: -1, removalWeakens: true, shown: asShare },
        'max-latency': { perKey: true, direction: -1, removalWeakens: true, shown: asDuration },
        'max-regression': { perKey: true, direction: -1, removalWeakens: true, shown: asShare },
        'failure-limit': { direction: -1 }
    },
    rules: (bake, { given }) => bakeRules(bake, given),
    actsOnDeployed: { key: 'duration', asks: (value) => value != null },
    inputRules: (value, step) => value('duration') != null && (0,policy_kit_section/* lacksInput */.X)(step, step.tracingUrl)
        ? [
            {
                path: ['bake', 'duration'],
                message: "bake.duration needs the tracing-url input (the tracing service that holds the deployment's runs)"
            }
        ]
        : [],
    settings: (bake, { inputs }) => {
        // The rules refuse a bake without `tracing-url`.
        if (bake?.duration === undefined || inputs.tracingUrl === undefined)
            return undefined;
        const interval = bake.interval ?? (0,duration/* parseDuration */.E)(DEFAULTS.interval) ?? 0;
        return {
            durationMs: bake.duration,
            intervalMs: Math.min(interval, bake.duration),
            minRuns: bake['min-runs'] ?? DEFAULTS['min-runs'],
            ...(bake['max-error-rate'] !== undefined && { maxErrorRate: bake['max-error-rate'] }),
            maxLatencyMs: { ...bake['max-latency'] },
            maxRegression: { ...bake['max-regression'] },
            failureLimit: bake['failure-limit'] ?? DEFAULTS['failure-limit'],
            ...(bake['revision-key'] !== undefined && { revisionKey: bake['revision-key'] }),
            tracingUrl: inputs.tracingUrl,
            ...(inputs.tracingWebUrl !== undefined && { tracingWebUrl: inputs.tracingWebUrl })
        };
    }
});
/** Its keys need a duration, an interval inside it, and at least one bound. */
function bakeRules(bake, given) {
    const problems = [];
    if (bake.duration === undefined) {
        for (const key of Object.keys(bake).filter(given))
            problems.push({
                path: ['bake', key],
                message: `bake.${key} needs bake.duration (how long the new revision's traffic is watched)`
            });
        return problems;
    }
    // The default interval (1m) is cut to a shorter duration; one written longer is a mistake.
    if (bake.interval !== undefined && given('interval') && bake.interval > bake.duration)
        problems.push({
            path: ['bake', 'interval'],
            message: `bake.interval (${(0,words/* durationWords */.S)(bake.interval)}) is longer than bake.duration (${(0,words/* durationWords */.S)(bake.duration)}): the window would never be read before it ends`
        });
    const points = bake['max-regression']?.['error-rate'];
    if (points !== undefined && points > 1)
        problems.push({
            path: ['bake', 'max-regression', 'error-rate'],
            message: 'bake.max-regression.error-rate must be a share written with %, from 0% to 100% (points above the previous rate)'
        });
    const bounds = [
        bake['max-error-rate'] === undefined ? 0 : 1,
        Object.keys(bake['max-latency'] ?? {}).length,
        Object.keys(bake['max-regression'] ?? {}).length
    ];
    if (bounds.every((each) => each === 0))
        problems.push({
            path: ['bake'],
            message: 'bake needs a bound: bake.max-error-rate, bake.max-latency or bake.max-regression (a bake with nothing to judge would only wait)'
        });
    return problems;
}

// EXTERNAL MODULE: ./src/lib/gate-thresholds.ts
var gate_thresholds = __webpack_require__(1657);
;// CONCATENATED MODULE: ./src/evaluation/policy-values.ts
/**
 * The kinds of value only the `gate` section holds: the baseline, the maps of feedback keys to
 * score bounds, and a score as people read it. Pure; loads none of the gate's code.
 */


/** `gate.baseline`: previous, dataset, none or an experiment id. */
const baseline = schemas/* string */.YjP({ error: 'must be previous, dataset, none, or an experiment id (a UUID)' })
    .transform((value, ctx) => {
    const parsed = (0,gate_thresholds/* parseBaseline */.nk)(value);
    if (parsed.value !== undefined)
        return parsed.value.kind === 'experiment' ? parsed.value.id : value.trim();
    for (const message of parsed.problems)
        ctx.issues.push({ code: 'custom', message, input: value });
    return core/* NEVER */.tm;
});
const KEY_WORDS = 'a feedback key: letters, digits and _ . : -, starting with a letter, digit or _, at most 100 characters';
/** A map of feedback keys to numbers; `every` lets `*` stand for each gated key. */
const thresholds = (options) => {
    const number = options.negative
        ? schemas/* number */.aig({ error: 'must be a number' })
        : schemas/* number */.aig({ error: 'must be a number' })
            .min(0, 'must not be negative (a drop is written as a positive number)');
    const key = schemas/* string */.YjP()
        .refine((key) => gate_thresholds/* FEEDBACK_KEY */.Ec.test(key) || (options.every && key === gate_thresholds/* EVERY_KEY */.QT), options.every ? `must be ${KEY_WORDS}, or * for every gated key` : `must be ${KEY_WORDS}`);
    const value = (options.nullable ? number.nullable() : number);
    return schemas/* record */.g1P(key, value, { error: 'must be a mapping of feedback keys to numbers' });
};
/** A score bound: two decimals unless it has more (`0.80`, `0.825`). */
function scoreWords(value) {
    return Number.isInteger(Math.round(value * 1e6) / 1e4) ? value.toFixed(2) : String(value);
}

;// CONCATENATED MODULE: ./src/evaluation/section.ts
/**
 * The release policy's `gate` section: the dataset the evaluation gate runs on the new revision,
 * how many runs, the bounds its scores must meet and the baseline they are compared with. Loads
 * none of the gate's code nor the tracing client.
 */









const section_keys = ((key, entry) => ({
    dataset: key((0,schema_kit/* about */.Cv)(values/* text */.Qq, 'a dataset of the tracing service, by name or id: enables the evaluation gate')),
    splits: key((0,schema_kit/* about */.Cv)(schemas/* array */.YOg(values/* text */.Qq, { error: 'must be a list of split names' })
        .min(1, 'must name at least one split'), 'dataset splits (default: every example)')),
    'dataset-version': key((0,schema_kit/* about */.Cv)(values/* text */.Qq, 'a version tag or an ISO time (default: the newest)')),
    'max-examples': key((0,schema_kit/* about */.Cv)((0,values/* count */.U9)(1, 10_000, ' (every run is an agent call and evaluator calls)'), 'more runs (examples × repetitions) than this is refused before any write')),
    repetitions: key((0,schema_kit/* about */.Cv)((0,values/* count */.U9)(1, 5, ' (runs per example)'), 'runs per example, 1–5')),
    concurrency: key((0,schema_kit/* about */.Cv)((0,values/* count */.U9)(1, 16, ' (runs at once against one revision)'), 'runs at once, 1–16')),
    'min-scores': key((0,schema_kit/* about */.Cv)(thresholds({ every: false, negative: true, nullable: entry }), 'feedback key → lowest mean allowed')),
    'max-regression': key((0,schema_kit/* about */.Cv)(thresholds({ every: true, negative: false, nullable: entry }), 'feedback key (or * for every gated key) → largest drop below the baseline')),
    'max-error-rate': key((0,schema_kit/* about */.Cv)(values/* share */.uM, 'share of runs that may fail, N%')),
    baseline: key((0,schema_kit/* about */.Cv)(baseline, 'previous, dataset, none or an experiment id')),
    timeout: key((0,schema_kit/* about */.Cv)(values/* duration */.p0, "longest wait for the evaluators' scores after the last run"))
}));
const section_DEFAULTS = {
    'max-examples': 100,
    repetitions: 1,
    concurrency: 4,
    'max-error-rate': '0%',
    baseline: 'previous',
    timeout: '10m'
};
const score = (value) => String(value);
const gateSection = (0,policy_kit_section/* defineSection */.r)({
    name: 'gate',
    keys: section_keys,
    defaults: section_DEFAULTS,
    words: (gate) => {
        const runs = gate.repetitions !== undefined && gate.repetitions > 1
            ? `each example × ${gate.repetitions} (at most ${gate['max-examples']} runs)`
            : `at most ${gate['max-examples']} runs`;
        const against = baselineWords(gate.baseline ?? 'previous');
        const regression = Object.entries(gate['max-regression'] ?? {}).map(([key, drop]) => key === gate_thresholds/* EVERY_KEY */.QT
            ? `at most ${scoreWords(drop)} below ${against}`
            : `${key} at most ${scoreWords(drop)} below ${against}`);
        const errorRate = gate['max-error-rate'] ?? 0;
        return [
            gate.dataset ?? 'no dataset',
            ...(gate.splits ? [`splits ${gate.splits.join(', ')}`] : []),
            runs,
            ...Object.entries(gate['min-scores'] ?? {}).map(([key, min]) => `${key} ≥ ${scoreWords(min)}`),
            ...regression,
            errorRate > 0 ? `errors ≤ ${(0,words/* shareWords */.h)(errorRate)}` : 'no errors',
            `scores awaited ${(0,words/* durationWords */.S)(gate.timeout ?? 0)}`
        ];
    },
    diff: {
        repetitions: { direction: 1 },
        'min-scores': { perKey: true, direction: 1, removalWeakens: true, shown: score },
        // Each gated key's bound is its own line, else `*`'s.
        'max-regression': {
            perKey: true,
            direction: -1,
            removalWeakens: true,
            shown: score,
            fallback: {
                name: gate_thresholds/* EVERY_KEY */.QT,
                names: (side) => {
                    const bounds = (map) => new Map(Object.entries((map ?? {})));
                    return (0,gate_thresholds/* gatedKeys */.q$)(bounds(side.values['min-scores']), bounds(side.values['max-regression']));
                }
            }
        },
        'max-error-rate': { direction: -1, shown: (value) => (0,words/* shareWords */.h)(value) },
        // Without a baseline, nothing is compared with the previous revision.
        baseline: { direction: 1, judged: (value) => (value === 'none' ? 0 : 1) },
        timeout: { shown: (value) => (0,words/* durationWords */.S)(value) }
    },
    rules: (gate, { policy, given }) => {
        const problems = [];
        if (gate.dataset === undefined) {
            for (const key of Object.keys(gate).filter(given))
                problems.push({
                    path: ['gate', key],
                    message: `gate.${key} needs gate.dataset (the dataset the evaluation gate runs)`
                });
            return problems;
        }
        if ((0,agent_checks_section/* agentReads */.PQ)(policy).assistant === undefined)
            problems.push({
                path: ['gate', 'dataset'],
                message: "gate.dataset needs agent.assistant (the assistant each example's inputs are sent to)"
            });
        const named = [
            ...Object.keys(gate['min-scores'] ?? {}),
            ...Object.keys(gate['max-regression'] ?? {})
        ];
        if (!named.some((key) => key !== gate_thresholds/* EVERY_KEY */.QT))
            problems.push({
                path: ['gate', 'dataset'],
                message: 'gate.dataset needs gate.min-scores or gate.max-regression to name a feedback key: the gate judges the scores of the keys named'
            });
        if (gate['max-regression'] !== undefined && gate.baseline === 'none')
            problems.push({
                path: ['gate', 'max-regression'],
                message: 'gate.max-regression has nothing to compare with: gate.baseline is none (use previous, dataset or an experiment id)'
            });
        return problems;
    },
    actsOnDeployed: { key: 'dataset', asks: (value) => value != null },
    inputRules: (value, step) => value('dataset') != null && (0,policy_kit_section/* lacksInput */.X)(step, step.tracingUrl)
        ? [
            {
                path: ['gate', 'dataset'],
                message: 'gate.dataset needs the tracing-url input (the tracing service that keeps the dataset)'
            }
        ]
        : [],
    settings: (gate, { policy, files, inputs }) => {
        const assistantId = (0,agent_checks_section/* agentReads */.PQ)(policy, files).assistantId;
        // The rules refuse a gate without the other two.
        if (gate?.dataset === undefined || inputs.tracingUrl === undefined || assistantId === undefined)
            return undefined;
        const minScores = new Map(Object.entries(gate['min-scores'] ?? {}));
        const maxRegression = new Map(Object.entries(gate['max-regression'] ?? {}));
        const choice = (0,gate_thresholds/* parseBaseline */.nk)(gate.baseline ?? section_DEFAULTS.baseline).value ?? {
            kind: 'previous'
        };
        return {
            dataset: gate.dataset,
            tracingUrl: inputs.tracingUrl,
            tracingWebUrl: inputs.tracingWebUrl,
            assistantId,
            splits: gate.splits,
            datasetVersion: gate['dataset-version'],
            maxExamples: gate['max-examples'] ?? section_DEFAULTS['max-examples'],
            repetitions: gate.repetitions ?? section_DEFAULTS.repetitions,
            concurrency: gate.concurrency ?? section_DEFAULTS.concurrency,
            minScores,
            maxRegression,
            keys: (0,gate_thresholds/* gatedKeys */.q$)(minScores, maxRegression),
            maxErrorRate: gate['max-error-rate'] ?? 0,
            baseline: choice,
            timeoutMs: gate.timeout ?? (0,duration/* parseDuration */.E)(section_DEFAULTS.timeout) ?? 0
        };
    }
});
function baselineWords(value) {
    if (value === 'previous')
        return 'the previous revision';
    if (value === 'dataset')
        return "the dataset's baseline";
    if (value === 'none')
        return 'no baseline';
    return `experiment ${value.slice(0, 8)}`;
}

// EXTERNAL MODULE: ./src/rollback/section.ts
var rollback_section = __webpack_require__(4275);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./node_modules/canonicalize/lib/canonicalize.js
var canonicalize = __webpack_require__(8799);
// EXTERNAL MODULE: ./src/policy-kit/problems.ts
var problems = __webpack_require__(2467);
// EXTERNAL MODULE: ./src/smoke/cases.ts
var smoke_cases = __webpack_require__(8288);
;// CONCATENATED MODULE: ./src/smoke/section.ts
/**
 * The release policy's `smoke` section: the smoke cases (inline, or a case file the policy
 * names), how many must pass and how many run at once. Loads none of the suite's code.
 */











const minPass = schemas/* union */.KCZ([schemas/* number */.aig(), schemas/* string */.YjP()], {
    error: 'must be a share of the cases (90%) or a count of them (18)'
})
    .transform((value, ctx) => {
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0)
        return { count: value };
    const parsed = typeof value === 'string' ? values/* share */.uM.safeParse(value) : undefined;
    if (parsed?.success)
        return { share: parsed.data };
    ctx.issues.push({
        code: 'custom',
        message: 'must be a share of the cases written with % (90%) or a whole count of them (18)',
        input: value
    });
    return core/* NEVER */.tm;
});
/** `smoke.min-pass` as written. */
function minPassWords(least) {
    return 'share' in least ? (0,words/* shareWords */.h)(least.share) : String(least.count);
}
const smokeCases = schemas/* union */.KCZ([
    values/* text */.Qq.meta({ description: 'a case file, relative to the workspace (YAML list or .jsonl)' }),
    schemas/* array */.YOg(smoke_cases/* caseSchema */.oe)
        .min(1, 'must hold at least one case')
        .max(smoke_cases/* MAX_CASES */.fG, `must hold at most ${smoke_cases/* MAX_CASES */.fG} cases: a smoke suite gates a deploy, keep it small`)
])
    .meta({ description: 'the smoke cases: a path to a case file, or the list itself' });
const smoke_section_keys = ((key) => ({
    cases: key(smokeCases),
    'min-pass': key((0,schema_kit/* about */.Cv)(minPass, 'cases that must pass: a share (90%) or a count')),
    concurrency: key((0,schema_kit/* about */.Cv)((0,values/* count */.U9)(1, 16, ' (cases run at once against one revision)'), 'cases at once, 1–16'))
}));
const smoke_section_DEFAULTS = { 'min-pass': '100%', concurrency: 4 };
/** A case file the policy names: a YAML list, or JSON Lines; every problem on the policy's key. */
const caseFile = {
    what: 'the case file',
    maxBytes: smoke_cases/* MAX_FILE_BYTES */.gZ,
    parse: async (bytes, named) => {
        const { caseEntries } = await Promise.all(/* import() */[__webpack_require__.e(815), __webpack_require__.e(112)]).then(__webpack_require__.bind(__webpack_require__, 6112));
        const entries = caseEntries(bytes.toString('utf8'), /\.jsonl$/i.test(named));
        if ('problem' in entries)
            return { problems: [{ message: `${named} ${entries.problem}` }] };
        const problems = [];
        if (entries.list.length === 0)
            problems.push(`${named} holds no cases`);
        if (entries.list.length > smoke_cases/* MAX_CASES */.fG)
            problems.push(`${named} holds ${entries.list.length} cases, more than ${smoke_cases/* MAX_CASES */.fG}: a smoke suite gates a deploy, keep it small`);
        const items = [];
        for (const { where, value } of entries.list) {
            const parsed = (0,smoke_cases/* toCase */.IX)(value, where);
            if ('problems' in parsed)
                problems.push(...parsed.problems.map((m) => `${named} ${m}`));
            else
                items.push(parsed.case);
        }
        if (problems.length > 0)
            return { problems: problems.map((message) => ({ message })) };
        return { read: { written: entries.list.map(({ value }) => value), items } };
    },
    // What the case schema cannot see in an inline case: message or input, the expectations.
    inline: (list) => {
        const items = [];
        const problems = [];
        list.forEach((value, index) => {
            const parsed = (0,smoke_cases/* toCase */.IX)(value, `case ${index + 1}`);
            if ('problems' in parsed)
                problems.push(...parsed.problems.map((message) => ({ index, message })));
            else
                items.push(parsed.case);
        });
        return problems.length > 0 ? { problems } : { items };
    },
    itemKeys: Object.keys(smoke_cases/* caseSchema */.oe.shape),
    identity: caseIdentity,
    shown: (written) => {
        const message = written?.message;
        return typeof message === 'string' ? JSON.stringify(message.slice(0, 40)) : 'a case';
    }
};
const smokeSection = (0,policy_kit_section/* defineSection */.r)({
    name: 'smoke',
    keys: smoke_section_keys,
    defaults: smoke_section_DEFAULTS,
    words: (smoke) => {
        const cases = smoke.cases;
        const which = cases === undefined
            ? 'no cases'
            : Array.isArray(cases)
                ? `${cases.length} case${cases.length === 1 ? '' : 's'} inline`
                : `cases from ${cases.path}`;
        const least = smoke['min-pass'];
        return [
            which,
            ...(least === undefined ? [] : [`at least ${minPassWords(least)} pass`]),
            `${smoke.concurrency} at once`
        ];
    },
    diff: {
        // Judged on the failures it allows: that side's cases minus the passes it requires.
        'min-pass': {
            direction: -1,
            judged: (value, side) => failuresAllowed(value, side.list('cases')),
            shown: (value, side) => {
                const written = minPassWords(value);
                const cases = side.list('cases');
                const allowed = failuresAllowed(value, cases);
                return cases === undefined ? written : `${written} (${allowed} of ${cases.length} may fail)`;
            }
        },
        cases: { removalWeakens: true }
    },
    files: { cases: caseFile },
    rules: (smoke, { policy, given, itemCount }) => {
        const problems = [];
        if (smoke.cases === undefined) {
            for (const key of ['min-pass', 'concurrency'])
                if (given(key))
                    problems.push({
                        path: ['smoke', key],
                        message: `smoke.${key} needs smoke.cases (the suite it applies to)`
                    });
        }
        else if ((0,agent_checks_section/* agentReads */.PQ)(policy).assistant === undefined)
            problems.push({
                path: ['smoke', 'cases'],
                message: 'smoke.cases needs agent.assistant (the assistant of every case that names none, checked first)'
            });
        const least = smoke['min-pass'];
        const cases = itemCount('cases');
        if (cases !== undefined && least !== undefined && 'count' in least && least.count > cases)
            problems.push({
                path: ['smoke', 'min-pass'],
                message: `smoke.min-pass asks for ${least.count} passing cases, but smoke.cases holds ${cases}`
            });
        return problems;
    },
    actsOnDeployed: { key: 'cases', asks: (value) => value != null },
    settings: (smoke, { policy, files }) => {
        const cases = files[(0,problems/* keyPathText */.Cm)(['smoke', 'cases'])]?.items;
        if (smoke === undefined || cases === undefined || (0,agent_checks_section/* agentReads */.PQ)(policy).assistant === undefined)
            return undefined;
        const named = (0,section/* assistantIdByName */.E)(files);
        return {
            cases: cases.map((smokeCase) => smokeCase.assistant === undefined
                ? smokeCase
                : { ...smokeCase, assistant: named(smokeCase.assistant) }),
            minPass: minPassSetting(smoke['min-pass']),
            concurrency: smoke.concurrency ?? smoke_section_DEFAULTS.concurrency
        };
    }
});
function minPassSetting(value) {
    if (value === undefined)
        return { kind: 'percent', percent: 100 };
    return 'count' in value
        ? { kind: 'count', count: value.count }
        : { kind: 'percent', percent: Number((value.share * 100).toFixed(6)) };
}
/** How many of the cases may fail under `smoke.min-pass`; undefined when they are not known. */
function failuresAllowed(least, cases) {
    if (cases === undefined)
        return undefined;
    return Math.max(0, cases.length - (0,smoke_cases/* requiredPasses */.Td)(minPassSetting(least), cases.length));
}
/** A case is matched by its name, else by the SHA-256 of its message or input. */
function caseIdentity(written, index) {
    const record = (written ?? {});
    if (typeof record.name === 'string' && record.name !== '')
        return record.name;
    const content = record.message ?? record.input ?? record.inputs ?? { index };
    const hash = (0,external_node_crypto_.createHash)('sha256')
        .update((0,canonicalize/* default */.A)(content) ?? String(index))
        .digest('hex');
    return `sha256:${hash.slice(0, 12)}`;
}

;// CONCATENATED MODULE: ./src/threads/section.ts
/**
 * The release policy's `threads` section, as one declaration: its keys, their defaults and words,
 * how a pull request's diff judges each, the rules between its keys (and with `agent.assistant`),
 * the notice a check without a rollback gets, and the mapping to the step's typed settings. A
 * plain module: it loads none of the step's code.
 */







/** At most this many canaries: each runs the agent as a user would, twice. */
const MAX_CANARIES = 20;
/** At most this many interrupted threads read. */
const MAX_SAMPLE = 1000;
/** A canary's name: it goes into the canary's thread id and its metadata. */
const CANARY_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;
const inputObject = schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J(), { error: 'must be a mapping (an object)' });
/** One canary case as written: a smoke case's keys, `name` and `resume` required. */
const canaryCase = schemas/* strictObject */.rej({
    name: schemas/* string */.YjP({ error: 'must be text' })
        .regex(CANARY_NAME, 'must be 1–63 lowercase letters, digits, _ and -, a letter or digit first'),
    message: values/* text */.Qq.optional(),
    input: inputObject.optional(),
    // Any JSON: what the interrupt is resumed with (null included, so presence is checked below).
    resume: schemas/* unknown */.L5J(),
    assistant: values/* text */.Qq.optional(),
    expect: values/* expectation */.pG.optional(),
    'expect-not': values/* expectation */.pG.optional(),
    'max-latency': values/* duration */.p0.optional()
})
    .check((ctx) => {
    if (!('resume' in ctx.value) || ctx.value.resume === undefined)
        ctx.issues.push({
            code: 'custom',
            path: ['resume'],
            message: 'is required: what the interrupt is resumed with',
            input: ctx.value
        });
});
const threads_section_keys = ((key) => ({
    parked: key((0,schema_kit/* about */.Cv)(schemas/* enum */.k5n(['check', 'off'], { error: 'must be check or off' }), "check: threads parked at an interrupt() are judged against the release's graph")),
    sample: key((0,schema_kit/* about */.Cv)((0,values/* count */.U9)(1, MAX_SAMPLE, ' (the newest threads are read)'), 'at most this many interrupted threads read, newest first, 1–1000')),
    'on-incompatible': key((0,schema_kit/* about */.Cv)(schemas/* enum */.k5n(['fail', 'warn'], { error: 'must be fail or warn' }), 'fail or warn')),
    canary: key((0,schema_kit/* about */.Cv)(schemas/* array */.YOg(canaryCase, { error: 'must be a list of cases' })
        .max(MAX_CANARIES, `must hold at most ${MAX_CANARIES} cases`), 'cases parked on the old revision before the write and resumed on the new one, as a user would: a case must act on nothing real (run canaries on staging); name, message or input, resume, assistant, expect, expect-not, max-latency'))
}));
const threads_section_DEFAULTS = { parked: 'off', sample: 100, 'on-incompatible': 'fail' };
/** The section in words, for the run's summary. */
function section_words(section) {
    if ((section.parked ?? threads_section_DEFAULTS.parked) !== 'check')
        return ['parked threads not checked'];
    const canaries = section.canary ?? [];
    return [
        `parked threads checked against the release's graph, the ${section.sample ?? threads_section_DEFAULTS.sample} newest read`,
        `an incompatible thread ${(section['on-incompatible'] ?? threads_section_DEFAULTS['on-incompatible']) === 'fail' ? 'fails the release' : 'is a warning'}`,
        ...(canaries.length === 0
            ? []
            : [
                `${canaries.length} canar${canaries.length === 1 ? 'y' : 'ies'}: ${canaries.map((c) => c.name).join(', ')}`
            ])
    ];
}
/** How a pull request's diff judges each key: what checks less is weaker. */
const diff = {
    parked: { direction: 1, comparable: (value) => (value === 'check' ? 1 : 0) },
    sample: { direction: 1 },
    'on-incompatible': { direction: 1, comparable: (value) => (value === 'fail' ? 1 : 0) },
    canary: { removalWeakens: true }
};
/** The rules between the keys, `agent.assistant` the assistant a case without one runs. */
function rules(section, context) {
    const problems = [];
    const cases = section.canary ?? [];
    if (cases.length > 0 && section.parked !== 'check')
        problems.push({
            path: ['threads', 'canary'],
            message: 'threads.canary needs threads.parked: check (a canary is judged with the parked threads)'
        });
    const seen = new Set();
    cases.forEach((canary, index) => {
        const at = ['threads', 'canary', index];
        const label = `threads.canary[${index}] (${canary.name})`;
        if (seen.has(canary.name))
            problems.push({
                path: [...at, 'name'],
                message: `${label} repeats a name: each case's name is its thread's`
            });
        seen.add(canary.name);
        const sends = [canary.message !== undefined, canary.input !== undefined].filter(Boolean).length;
        if (sends !== 1)
            problems.push({
                path: at,
                message: sends === 0
                    ? `${label} has neither message nor input (what to send the agent before it parks)`
                    : `${label} has message and input: give only one`
            });
        if (canary.assistant === undefined && context.agentAssistant === undefined)
            problems.push({
                path: [...at, 'assistant'],
                message: `${label} needs an assistant: its own assistant key, or agent.assistant`
            });
    });
    return problems;
}
/** With `wait: false` nothing acts after DEPLOYED: `parked: check` asks for this step. */
const actsOnDeployed = { key: 'parked', asks: (value) => value === 'check' };
/**
 * The warning a deploy gets with `parked: check` and no rollback: on a deploy in place the threads
 * are judged after the write, so a failure leaves them stranded (a promote judges before).
 */
function rollbackWarning(section, rollbackOnFailure) {
    if (section?.parked !== 'check' || rollbackOnFailure)
        return undefined;
    const key = rollback_section/* ROLLBACK_KEYS */.q9.onFailure;
    return `threads.parked: check without ${key}: on a deploy in place parked threads are judged after the write, so a failure would leave them stranded; set ${key}: true`;
}
/** The step's settings (the rules have passed). */
function settings(section, context) {
    if (section?.parked !== 'check')
        return undefined;
    const canaries = (section.canary ?? []).map((canary, index) => {
        const { resume, 'max-latency': maxLatencyMs, ...smoke } = canary;
        const made = (0,smoke_cases/* toCase */.IX)(smoke, `threads.canary[${index}]`);
        // The schema and the rules checked what toCase checks: a case left here is a bug.
        if (!('case' in made))
            throw new Error(made.problems.join('; '));
        return {
            ...made.case,
            ...(maxLatencyMs !== undefined && { maxLatencyMs }),
            resume,
            assistant: canary.assistant ?? context.agentAssistant ?? ''
        };
    });
    return {
        sample: section.sample ?? threads_section_DEFAULTS.sample,
        onIncompatible: section['on-incompatible'] ?? threads_section_DEFAULTS['on-incompatible'],
        canaries,
        ...(context.rollbackOnFailure !== undefined && { rollbackOnFailure: context.rollbackOnFailure })
    };
}
const threadsSection = (0,policy_kit_section/* defineSection */.r)({
    name: 'threads',
    keys: threads_section_keys,
    defaults: threads_section_DEFAULTS,
    words: section_words,
    diff: {
        parked: { direction: 1, judged: diff.parked.comparable },
        sample: diff.sample,
        'on-incompatible': { direction: 1, judged: diff['on-incompatible'].comparable },
        canary: diff.canary
    },
    rules: (section, { policy, given }) => rules(section, { agentAssistant: (0,agent_checks_section/* agentReads */.PQ)(policy).assistant, given }).map(({ path, message }) => ({ path: path.map(String), message })),
    actsOnDeployed,
    settings: (section, { policy, inputs }) => {
        const made = settings(section, {
            agentAssistant: (0,agent_checks_section/* agentReads */.PQ)(policy).assistant,
            rollbackOnFailure: (0,rollback_section/* rollbackOnFailureIn */.tI)(policy)
        });
        return (made && {
            ...made,
            apiKey: inputs.agentApiKey ?? inputs.apiKey,
            ...(inputs.agentAuthScheme !== undefined && { authScheme: inputs.agentAuthScheme })
        });
    },
    notices: (settings) => {
        const warning = rollbackWarning(settings && { parked: 'check' }, settings?.rollbackOnFailure ?? true);
        return warning === undefined ? [] : [warning];
    }
});

;// CONCATENATED MODULE: ./src/policy/sections.ts







const DECLARED = [
    agent_checks_section/* agentSection */.B,
    smokeSection,
    gateSection,
    bakeSection,
    section/* assistantsSection */.H,
    threadsSection,
    rollback_section/* rollbackSection */.iU
];
/** Every declaration as the machinery reads it (a section's own types are its own business). */
const DECLARATIONS = DECLARED;
/**
 * The bound past `timeout` of the step named `name` (its section's overtimeMs) on a run's
 * settings; undefined when it has none or the run does not ask for it.
 */
function overtimeMs(name, settings) {
    const own = settings[name];
    const declaration = DECLARATIONS.find((each) => each.name === name);
    return own === undefined || own === null ? undefined : declaration?.overtimeMs?.(own);
}


/***/ }),

/***/ 4466:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ policySides)
/* harmony export */ });
function policySides(policy) {
    return {
        entries: policy.entries,
        side: (environment) => {
            const { policy: inEffect, files } = policy.inEffect(environment);
            return { policy: inEffect, files };
        }
    };
}


/***/ }),

/***/ 6546:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   createRealWorld: () => (/* binding */ createRealWorld)
/* harmony export */ });
/* unused harmony export runnerSink */
/* harmony import */ var _actions_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6421);
/* harmony import */ var _control_plane_retry__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7224);
/* harmony import */ var _control_plane_transport__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9747);
/* harmony import */ var _operations_deps__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5498);




/** The job is cancelled: what is left must finish within this, the contract allows 2 s. */
const CANCEL_GRACE_MS = 1_500;
/** The fetch @actions/github would use, loaded with it: only a run that records on GitHub does. */
const githubFetch = async (input, init) => {
    const { githubFetch: proxiedFetch } = await Promise.all(/* import() */[__webpack_require__.e(665), __webpack_require__.e(463)]).then(__webpack_require__.bind(__webpack_require__, 6463));
    return proxiedFetch()(input, init);
};
/**
 * The runner's side of a run's texts: @actions/core's workflow commands on stdout, and its
 * GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files.
 */
const runnerSink = {
    info: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq,
    notice: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .notice */ .lm,
    warning: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e,
    error: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .error */ .z3,
    debug: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .debug */ .Yz,
    isDebug: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .isDebug */ ._o,
    startGroup: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .startGroup */ .Oh,
    endGroup: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .endGroup */ .N4,
    setFailed: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setFailed */ .C1,
    setOutput: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setOutput */ .uH,
    setSecret: _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .setSecret */ .Pq,
    appendSummary: async (markdown) => {
        // Without GITHUB_STEP_SUMMARY (a local run) there is nowhere to write: no failure.
        if (!process.env.GITHUB_STEP_SUMMARY)
            return false;
        await _actions_core__WEBPACK_IMPORTED_MODULE_0__/* .summary */ .z.addRaw(markdown).write();
        return true;
    }
};
/**
 * The world of a run on a runner: this process's environment and clock, SIGINT/SIGTERM as the
 * cancel (the process then exits within the contract's 2 s whatever is left), a dispatcher that
 * honours the proxy variables, and @actions/core's workflow commands and files. `close()` lets go
 * of the signal handlers and of every connection, so nothing keeps the process alive.
 */
function createRealWorld() {
    const controller = new AbortController();
    const onSignal = (signalName) => {
        controller.abort(new _operations_deps__WEBPACK_IMPORTED_MODULE_2__/* .CancelledError */ .c(signalName));
        setTimeout(() => process.exit(1), CANCEL_GRACE_MS).unref();
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    const dispatcher = (0,_control_plane_transport__WEBPACK_IMPORTED_MODULE_1__/* .createDispatcher */ .SM)();
    return {
        env: process.env,
        clock: { now: Date.now, sleep: _control_plane_retry__WEBPACK_IMPORTED_MODULE_3__/* .sleep */ .yy },
        signal: controller.signal,
        connections: { dispatcher, githubFetch },
        sink: runnerSink,
        close: async () => {
            process.off('SIGINT', onSignal);
            process.off('SIGTERM', onSignal);
            // A request still queued (behind a proxy's CONNECT, say) and its connection attempts end.
            await dispatcher.destroy().catch(() => undefined);
        }
    };
}


/***/ }),

/***/ 4701:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Jt: () => (/* binding */ flag),
/* harmony export */   T1: () => (/* binding */ pattern),
/* harmony export */   U9: () => (/* binding */ count),
/* harmony export */   jO: () => (/* binding */ KEY_VERDICTS),
/* harmony export */   uR: () => (/* binding */ uuid),
/* harmony export */   wD: () => (/* binding */ numberOrNull)
/* harmony export */ });
/* harmony import */ var _lib_ids__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(829);

const pattern = (rule, problem) => (value) => rule.test(value) ? { value } : { problem };
const uuid = pattern(_lib_ids__WEBPACK_IMPORTED_MODULE_0__/* .UUID */ .k, 'it is not a UUID');
const flag = pattern(/^(true|false)$/, 'it is not true or false');
/** A whole number: the action's own count. */
const count = pattern(/^\d+$/, 'it is not a count');
/** A key's verdict as the outputs hold it. */
const KEY_VERDICTS = ['pass', 'fail', 'inconclusive'];
const numberOrNull = (value) => value === null || (typeof value === 'number' && Number.isFinite(value));


/***/ }),

/***/ 900:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   f: () => (/* binding */ showControlCharacters)
/* harmony export */ });
/* harmony import */ var _lib_character_kinds__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9562);

/**
 * Every control character but tab and line feed (a log line or a Markdown text keeps its layout),
 * and the invisible format characters: a terminal, the runner or a renderer may act on them.
 */
const SHOWN = (0,_lib_character_kinds__WEBPACK_IMPORTED_MODULE_0__/* .characterClass */ .EV)([..._lib_character_kinds__WEBPACK_IMPORTED_MODULE_0__/* .CONTROL_KINDS */ .w_.filter((kind) => kind !== 'tab' && kind !== 'lineFeed'), 'invisible'], 'g');
/** Shows each control character as an escape (`\x1b`, `\r`, `\u2028`) instead of sending it. */
function showControlCharacters(text) {
    return text.replace(SHOWN, (character) => {
        if (character === '\r')
            return '\\r';
        const code = character.charCodeAt(0);
        return code < 0x100
            ? `\\x${code.toString(16).padStart(2, '0')}`
            : `\\u${code.toString(16).padStart(4, '0')}`;
    });
}


/***/ }),

/***/ 4512:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ax: () => (/* binding */ shortCommit),
/* harmony export */   Fg: () => (/* binding */ markOf),
/* harmony export */   gD: () => (/* binding */ headlineOf),
/* harmony export */   r6: () => (/* binding */ plainHeadline)
/* harmony export */ });
/* harmony import */ var _lib_duration__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2543);
/* harmony import */ var _outcomes__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3558);
/* harmony import */ var _operation_facts__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8924);
/* harmony import */ var _step_rows__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2274);




/** A commit as GitHub shows it in text: its first 7 characters. */
function shortCommit(sha) {
    return sha.slice(0, 7);
}
/** What a failed revision's final status means, in words. */
const FAILED_STATUS = {
    BUILD_FAILED: 'build failed',
    DEPLOY_FAILED: 'deploy failed',
    CREATE_FAILED: 'the revision could not be created',
    INTERRUPTED: 'the revision was interrupted'
};
/**
 * The headline's words after the mark, per headline of the outcome table (../outcomes.ts); the
 * compiler checks every one has some.
 */
const HEADLINES = {
    succeeded: (model) => {
        const took = (0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(model.stepMs);
        const { promotion } = model;
        // A promote's result carries its promotion, a rollback's the revision it redeployed.
        if (promotion) {
            return model.commit
                ? [
                    `${model.deploymentName} promoted from ${promotion.fromDeploymentName} (commit `,
                    { code: shortCommit(model.commit) },
                    ')'
                ]
                : [`${model.deploymentName} promoted from ${promotion.fromDeploymentName} in ${took}`];
        }
        if (model.redeployOf)
            return [
                `${model.deploymentName} rolled back to revision `,
                { code: model.redeployOf.slice(0, 8) },
                ` in ${took}`
            ];
        return [`${model.deploymentName} deployed in ${took}`];
    },
    'check-failed': (model) => [
        `${model.deploymentName}: ${checkPhrase(model)}`,
        ...afterwards(model)
    ],
    failed: (model) => [
        `${model.deploymentName}: ${FAILED_STATUS[model.revisionStatus ?? ''] ?? 'the revision failed'}`,
        ...afterwards(model)
    ],
    'not-waited': (model) => [
        `${model.deploymentName}: revision `,
        { code: (model.revisionId ?? '?').slice(0, 8) },
        ' created (not waited for)'
    ],
    superseded: (model) => [`${model.deploymentName}: superseded by a newer revision`],
    'timed-out': (model) => [
        `${model.deploymentName}: timed out after ${(0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(model.stepMs)}${model.revisionStatus ? ` (still ${model.revisionStatus})` : ''}; the deployment goes on`
    ],
    cancelled: (model) => [
        `${model.deploymentName}: cancelled after ${(0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(model.stepMs)}`
    ],
    errored: (model) => model.refusedBeforeWrite !== undefined
        ? [`${model.deploymentName}: ${model.refusedBeforeWrite}; nothing was deployed`]
        : [`${model.deploymentName}: ${_operation_facts__WEBPACK_IMPORTED_MODULE_2__/* .OPERATION_FACTS */ .Y[model.operation].failedWords}`],
    'dry-run': (model) => [`${model.deploymentName}: dry run, nothing was changed`],
    deleted: (model) => [`${model.deploymentName} deleted`],
    absent: (model) => [`${model.deploymentName} was already absent`],
    pruned: (model) => {
        const deleted = (model.pruneRows ?? []).filter((row) => row.result === 'deleted').length;
        return [`pruned ${deleted} preview${deleted === 1 ? '' : 's'}`];
    }
};
/** The failed check in a few words: its row's, from what it read (a smoke suite's count). */
function checkPhrase(model) {
    const { failedCheck } = model;
    if (!failedCheck)
        return 'a check failed';
    const failed = failedCheck.verdict === 'failed' && (0,_step_rows__WEBPACK_IMPORTED_MODULE_3__/* .payloadRow */ .ZD)(model.payloads, failedCheck.check);
    const phrase = failed ? failed.row.failedPhrase?.(failed.payload) : undefined;
    if (phrase !== undefined)
        return phrase;
    return failedCheck.verdict === 'failed'
        ? `${failedCheck.name} failed`
        : `${failedCheck.name} could not conclude`;
}
/**
 * What serves after a failure, said only when a rollback ran: the same revision the body names
 * (never "unknown" while the body names one).
 */
function afterwards(model) {
    const { rollback, serving } = model;
    if (!rollback)
        return [];
    if (rollback.restored)
        return ['; the previous revision serves again'];
    const failed = ' and the rollback failed';
    if (serving.whose === 'failed')
        return [`${failed}; the broken revision still serves`];
    if (serving.revisionId === undefined)
        return [`${failed}; what serves is unknown`];
    const id = { code: serving.revisionId.slice(0, 8) };
    if (serving.whose === 'rollback')
        return [`${failed}: its revision `, id, ' serves but failed its own checks'];
    return [`${failed}; revision `, id, ' serves'];
}
/** The headline's words: one line, no id beyond 8 characters, the mark added by each renderer. */
function headlineOf(model) {
    return HEADLINES[_outcomes__WEBPACK_IMPORTED_MODULE_1__/* .OUTCOMES */ .i[model.outcome].headline](model);
}
/** The mark that matches the step's exit code. */
function markOf(model) {
    return model.succeeded ? '✅' : '❌';
}
/** The headline as plain text (the GitHub status, the log). */
function plainHeadline(model) {
    return model.headline.map((part) => (typeof part === 'string' ? part : part.code)).join('');
}


/***/ }),

/***/ 5236:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   S: () => (/* binding */ writeSummary)
/* harmony export */ });
/* harmony import */ var _markdown__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4285);

/**
 * Appends markdown (rendered by ./summary.ts: redacted, escaped) to the job summary, kept under
 * the runner's size limit; a local run without GITHUB_STEP_SUMMARY writes none.
 */
async function writeSummary(markdown, log, sink) {
    try {
        await sink.appendSummary((0,_markdown__WEBPACK_IMPORTED_MODULE_0__/* .capMarkdown */ .y3)(markdown));
    }
    catch (error) {
        log.warning(`The job summary could not be written: ${error instanceof Error ? error.message : String(error)}`);
    }
}


/***/ }),

/***/ 4285:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DY: () => (/* binding */ markdownFor),
/* harmony export */   W2: () => (/* binding */ capComment),
/* harmony export */   y3: () => (/* binding */ capMarkdown)
/* harmony export */ });
/* unused harmony exports MAX_SUMMARY_BYTES, MAX_COMMENT_BYTES, MAX_MARKDOWN_LINE, MAX_MARKDOWN_LINES, commentMarker */
/* harmony import */ var _control_characters__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(900);
/* harmony import */ var _redact__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1410);
/* harmony import */ var _lib_url__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5194);



/** The runner refuses a step summary of 1 MiB or more; this leaves room to spare. */
const MAX_SUMMARY_BYTES = 900 * 1_024;
/**
 * GitHub refuses a comment of more than 65,536 characters; bytes are never fewer than
 * characters, so this many bytes keeps a comment under it.
 */
const MAX_COMMENT_BYTES = 60_000;
/** A pull-request comment kept under GitHub's limit, its marker (first line) kept. */
function capComment(markdown) {
    return capMarkdown(markdown, MAX_COMMENT_BYTES, '\n\n_The comment was cut here to stay under the size GitHub takes; the job summary has more._\n');
}
/** Characters of one table cell, fenced line or paragraph line at the most. */
const MAX_MARKDOWN_LINE = 1_000;
/** Characters of the deployment name in the comment's marker at the most. */
const MAX_MARKER_NAME = 200;
/** Lines of one fence or paragraph at the most. */
const MAX_MARKDOWN_LINES = 200;
/**
 * Escapes one line so that markdown and HTML read it as plain characters, and GitHub finds no
 * link in it: its autolinks (`https://…`, `www.…`) are broken by a character reference, which
 * shows the same character.
 */
function escapeInline(line) {
    return escapeMarkup(line)
        .replace(/:(?=\/\/)/g, '&#58;')
        .replace(/(\bwww)\./gi, '$1&#46;');
}
/** Escapes markdown and HTML in one line (a link's own text, where GitHub adds no link). */
function escapeMarkup(line) {
    return (0,_control_characters__WEBPACK_IMPORTED_MODULE_0__/* .showControlCharacters */ .f)(line)
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/[\\`*_[\]|#!~@]/g, (character) => `\\${character}`);
}
/** A URL as a link target: characters that would end it or open markup are percent-encoded. */
function linkTarget(url) {
    return url.replace(/[()<>\\`[\]"' ]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
/** What may stand in inline code as it is: ids, names, short commits. */
// Inside a code span `*` and brackets are literal: a key path (`assistants.entries[support]`)
// or an entry's name (`pr-*`) reads as code.
const CODE_SAFE = /^[A-Za-z0-9._:/*[\]-]{1,80}$/;
function capLines(lines) {
    if (lines.length <= MAX_MARKDOWN_LINES)
        return [...lines];
    const left = lines.length - MAX_MARKDOWN_LINES;
    return [...lines.slice(0, MAX_MARKDOWN_LINES), `… ${left} more lines not shown`];
}
function markdownFor(redact) {
    const line = (text) => escapeInline(redact.cut(text, MAX_MARKDOWN_LINE));
    const lines = (text) => capLines(redact(text).split(/\r?\n/));
    return {
        cell: (text) => line(redact(text).replace(/\r?\n/g, ' ')),
        paragraph: (text) => lines(text).map(line).join('  \n'),
        fence: (fenced) => {
            const shown = capLines(fenced.flatMap((text) => redact(text).split(/\r?\n/))).map((text) => (0,_control_characters__WEBPACK_IMPORTED_MODULE_0__/* .showControlCharacters */ .f)(redact.cut(text, MAX_MARKDOWN_LINE)));
            const longestRun = Math.max(0, ...shown.flatMap((text) => (text.match(/`+/g) ?? []).map((run) => run.length)));
            const fence = '`'.repeat(Math.max(3, longestRun + 1));
            return [`${fence}text`, ...shown, fence].join('\n');
        },
        link: (url) => {
            const checked = (0,_lib_url__WEBPACK_IMPORTED_MODULE_2__/* .checkHttpUrl */ .O)(url);
            if (!('url' in checked) || redact(url) !== url)
                return line(url);
            return `[${escapeMarkup(redact.cut(url, MAX_MARKDOWN_LINE))}](${linkTarget(url)})`;
        },
        linkAs: (text, url) => {
            const shown = line(redact(text).replace(/\r?\n/g, ' '));
            if (url === undefined)
                return shown;
            const checked = (0,_lib_url__WEBPACK_IMPORTED_MODULE_2__/* .checkHttpUrl */ .O)(url);
            if (!('url' in checked) || redact(url) !== url)
                return shown;
            return `[${shown}](${linkTarget(url)})`;
        },
        linkWords: (text, url) => {
            const checked = (0,_lib_url__WEBPACK_IMPORTED_MODULE_2__/* .checkHttpUrl */ .O)(url);
            if (!('url' in checked) || redact(url) !== url)
                return line(url);
            return `[${line(redact(text).replace(/\r?\n/g, ' '))}](${linkTarget(url)})`;
        },
        code: (text) => CODE_SAFE.test(text) && redact(text) === text
            ? `\`${text}\``
            : line(redact(text).replace(/\r?\n/g, ' ')),
        plain: (text, max) => redact.cut((0,_control_characters__WEBPACK_IMPORTED_MODULE_0__/* .showControlCharacters */ .f)(redact(text).replace(/\r?\n/g, ' ')), max),
        label: (text, allowed, fallback) => allowed.test(text) && redact(text) === text ? text : fallback,
        marker: (deploymentName) => commentMarker(deploymentName, redact)
    };
}
/**
 * The hidden line that finds this action's comment for a deployment. The name (from the service
 * when the step gives deployment-id) is redacted, then percent-encoded, so that no name can
 * close the comment (`-->`, `--!>`) and show what follows, nor hide a secret in it.
 */
function commentMarker(deploymentName, redact = _redact__WEBPACK_IMPORTED_MODULE_1__/* .NO_SECRETS */ .g1) {
    return `<!-- deploy-agent-action:deployment=${encodeURIComponent(redact.cut(deploymentName, MAX_MARKER_NAME))} -->`;
}
/**
 * Keeps a markdown text under `maxBytes` of UTF-8: cut at a line, a fence left open closed, and
 * a note that says so.
 */
function capMarkdown(markdown, maxBytes = MAX_SUMMARY_BYTES, note = '\n\n_The summary was cut here to stay under the size GitHub shows; the step log has all of it._\n') {
    if (Buffer.byteLength(markdown) <= maxBytes)
        return markdown;
    const room = Buffer.from(markdown).subarray(0, maxBytes - Buffer.byteLength(note) - 64);
    const text = room.toString('utf8').replace(/\ufffd$/, '');
    const kept = text.slice(0, Math.max(0, text.lastIndexOf('\n'))).split('\n');
    let open;
    for (const keptLine of kept) {
        if (open === undefined)
            open = /^(`{3,})(?:text|mermaid)$/.exec(keptLine)?.[1];
        else if (keptLine === open)
            open = undefined;
    }
    return [...kept, ...(open ? [open] : []), ''].join('\n') + note;
}


/***/ }),

/***/ 3034:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   V: () => (/* binding */ policyInWords),
/* harmony export */   c: () => (/* binding */ policyChanges)
/* harmony export */ });
/* harmony import */ var _lib_github_links__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3676);
/* harmony import */ var _policy_compare__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6161);
/* harmony import */ var _policy_compare_environments__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5760);
/* harmony import */ var _policy_describe__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8621);
/* harmony import */ var _rollback_section__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4275);
/**
 * The release policy in the report model: the policy in effect in words, where its file is at the
 * workflow's commit, and what a pull request changes against its base branch's. Pure.
 */





/**
 * The policy in words; `{ given: false }` for a checked operation without one (the summary says
 * only the serving check runs); undefined for an operation the policy does not apply to.
 */
function policyInWords(facts, checked, place, workflowCommit) {
    if (facts === undefined)
        return checked ? { given: false } : undefined;
    const { inEffect } = facts;
    const link = place && (0,_lib_github_links__WEBPACK_IMPORTED_MODULE_0__/* .blobUrl */ .b0)(place, workflowCommit, facts.path);
    return {
        given: true,
        path: facts.path,
        ...(link === undefined ? {} : { link }),
        digest: inEffect.digest,
        entry: inEffect.entry,
        ...(facts.environment === undefined ? {} : { environment: facts.environment }),
        sections: (0,_policy_describe__WEBPACK_IMPORTED_MODULE_3__/* .describePolicy */ .w)(inEffect.policy),
        ...(inEffect.entry !== null && !(0,_rollback_section__WEBPACK_IMPORTED_MODULE_4__/* .rollbackOnFailureIn */ .tI)(inEffect.policy) && { rollbackOff: true }),
        ...(facts.base === undefined ? {} : { changes: changesOf(facts, facts.base) })
    };
}
function changesOf(facts, base) {
    if (facts.changes !== undefined)
        return facts.changes;
    // Without every environment's side (a report built from a result alone): this run's only.
    const { policy, files } = facts.inEffect;
    const head = { entries: [], side: () => ({ policy, files }) };
    return policyChanges(head, facts.environment, base);
}
/**
 * What a pull request changes against its base commit's policy, for every environment either
 * side names (../policy/compare-environments.ts), or why it is not known.
 */
function policyChanges(head, environment, base) {
    if (base.kind === 'failed')
        return { read: false, why: base.why, ...(base.baseSha ? { baseSha: base.baseSha } : {}) };
    const groups = (0,_policy_compare_environments__WEBPACK_IMPORTED_MODULE_2__/* .compareEnvironments */ .OL)(base.kind === 'read' ? base.sides : undefined, head, environment);
    const list = (0,_policy_compare_environments__WEBPACK_IMPORTED_MODULE_2__/* .listedLines */ .vU)(groups);
    return {
        read: true,
        baseSha: base.baseSha,
        isNew: base.kind === 'new',
        list,
        groups,
        weaker: (0,_policy_compare_environments__WEBPACK_IMPORTED_MODULE_2__/* .weakerFirst */ .U3)(groups),
        counts: (0,_policy_compare__WEBPACK_IMPORTED_MODULE_1__/* .changeCounts */ .Zg)(list)
    };
}


/***/ }),

/***/ 5132:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CW: () => (/* binding */ policyInEffectLines),
/* harmony export */   Kx: () => (/* binding */ policyRiskLine),
/* harmony export */   VK: () => (/* binding */ shortDigest),
/* harmony export */   gZ: () => (/* binding */ policyComment),
/* harmony export */   jZ: () => (/* binding */ policySummary)
/* harmony export */ });
/** The digest as the text shows it: its first 8 characters. */
const shortDigest = (digest) => digest.slice(0, 8).replace(/[^0-9a-f]/g, '');
/** The summary's lines: the changes a pull request makes (shown), then the block (collapsed). */
function policySummary(policy, md) {
    if (policy === undefined)
        return [];
    if (!policy.given)
        return ['**Release policy:** none given (`release-policy`): only the serving check runs.', ''];
    return [...changesSummary(policy.changes, md), ...policyBlock(policy, md)];
}
function policyBlock(policy, md) {
    const file = md.linkAs(policy.path, policy.link);
    return [
        // Inside <summary> markdown is not read: the digest (hex, made here) as HTML code.
        `<details><summary>Release policy <code>${shortDigest(policy.digest)}</code></summary>`,
        '',
        `- **File:** ${file}`,
        `- **Digest:** ${md.code(shortDigest(policy.digest))}`,
        ...policyInEffectLines(policy, md),
        '',
        '</details>',
        ''
    ];
}
/** The entry applied and one line per section, as a list: the block's, and validate's summary. */
function policyInEffectLines(policy, md) {
    return [
        `- **Entry applied:** ${md.cell(entryWords(policy))}`,
        ...(policy.sections.length === 0
            ? ['- no sections: only the serving check runs']
            : policy.sections.map((line) => `- ${md.cell(line)}`)),
        // A section the entry removed is said: a reader must not take its silence for the default.
        ...(policy.rollbackOff && !policy.sections.some((line) => line.startsWith('rollback:'))
            ? [`- rollback: off under ${md.code(`environments.${policy.entry ?? ''}`)}`]
            : [])
    ];
}
function entryWords(policy) {
    if (policy.entry !== null)
        return `environments.${policy.entry}`;
    // The environment is known when it reached the run's config; else only that none applied.
    return policy.environment === undefined
        ? 'no entry applied'
        : `no entry matched environment ${policy.environment}`;
}
/** What the pull request changes, one line per setting, by where it applies; none: nothing. */
function changesSummary(changes, md) {
    if (changes === undefined)
        return [];
    if (!changes.read)
        return [
            "**Release policy changes:** not shown: the base branch's policy could not be read.",
            '',
            // The reader acts on the line above; why (a status, GitHub's words) is there when wanted.
            `<details><summary>Why</summary>\n\n${md.cell(changes.why)}\n\n</details>`,
            ''
        ];
    // No change, no heading: the collapsed block below still shows the policy.
    if (!changes.isNew && changes.list.length === 0)
        return [];
    const title = changes.isNew
        ? 'the file is new in this pull request'
        : changes.counts.replace(/^policy: /, '');
    const lines = groupLines(changes.groups, md);
    return [
        `### Release policy changes: ${md.cell(title)}`,
        '',
        `Against the base commit ${md.code(changes.baseSha.slice(0, 7))}.`,
        '',
        // A weaker policy is said under the headline; the whole list follows here, collapsed.
        ...(changes.weaker.length > 0
            ? ['<details><summary>Every change</summary>', '', ...lines, '</details>', '']
            : lines)
    ];
}
/** Where a group of changes applies, in words. */
function scopeWords(scope, md) {
    if (scope.kind === 'every')
        return 'every environment';
    if (scope.kind === 'rest')
        return 'an environment no entry matches';
    return md.code(`environments.${scope.name}`);
}
/** Each group under its environment (all of them under "every environment" when alone). */
function groupLines(groups, md) {
    return groups.flatMap(({ scope, list }) => [
        `**${scopeWords(scope, md)}:**`,
        '',
        ...list.map((change) => `- ${changeMarkdown(change, md)}`),
        ''
    ]);
}
/** "`section.key.name` 0.8 → 0.6, weaker", each piece escaped. */
function changeMarkdown(change, md) {
    if (change.paths !== undefined && change.paths.length > 0)
        return `${md.code(change.keyPath)}: ${change.paths.map((path) => md.code(path)).join(', ')}, **${change.word}**`;
    const values = `${change.base ?? '(none)'} → ${change.head ?? '(none)'}`;
    const word = change.note === undefined ? change.word : `${change.word} (${change.note})`;
    return `${md.code(change.keyPath)} ${md.cell(values)}, **${word}**`;
}
/**
 * The ⚠️ line under the headline when the pull request makes the policy weaker (summary and
 * comment): the worst change named, the rest counted. Nothing otherwise.
 */
function policyRiskLine(policy, md) {
    if (policy === undefined || !policy.given || !policy.changes?.read)
        return undefined;
    const [worst, ...rest] = policy.changes.weaker;
    if (worst === undefined)
        return undefined;
    const where = worst.scope.kind === 'every' ? '' : `${scopeWords(worst.scope, md)}: `;
    const { change } = worst;
    const values = `${change.base ?? '(none)'} → ${change.head ?? '(none)'}`;
    const more = rest.length > 0 ? `, and ${rest.length} more` : '';
    return `⚠️ weakens the release policy: ${where}${md.code(change.keyPath)} ${md.cell(values)}${more}`;
}
/** The comment's one line ("policy: 2 weaker, 1 stronger") with the list collapsed. */
function policyComment(policy, md) {
    if (policy === undefined || !policy.given || policy.changes === undefined)
        return [];
    const { changes } = policy;
    if (!changes.read)
        return ['- **Release policy:** policy: base not read (the summary says why)', ''];
    if (changes.list.length === 0)
        return [];
    const counts = changes.isNew ? 'policy: new in this pull request' : changes.counts;
    return [
        `<details><summary>${md.cell(counts)}</summary>`,
        '',
        ...groupLines(changes.groups, md),
        '</details>',
        ''
    ];
}


/***/ }),

/***/ 1410:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  g1: () => (/* binding */ NO_SECRETS),
  lY: () => (/* binding */ createRedactor),
  eo: () => (/* binding */ secretForms)
});

// UNUSED EXPORTS: CUT_MARK

// EXTERNAL MODULE: ./src/lib/character-kinds.ts
var character_kinds = __webpack_require__(9562);
;// CONCATENATED MODULE: ./src/report/text-view.ts
/**
 * A text as the redactor matches it: forms of a character that read the same to a person are
 * made one, so that a secret written with them is still found, and each character of the view
 * knows where it stands in the text.
 * - zero-width and bidi format characters are removed (invisible, they split a secret for a
 *   matcher but not for a reader);
 * - HTML/XML character references (`&#47;`, `&#x2F;`, `&sol;`) are decoded;
 * - percent-encoding is upper-cased (`%2f` and `%2F` are one).
 */

/** Zero-width and bidi format characters, the soft hyphen and the byte-order mark. */
const INVISIBLE = (0,character_kinds/* characterClass */.EV)(['invisible']);
const INVISIBLE_ONE = new RegExp(`^${INVISIBLE.source}$`);
/** A text with nothing of the above is its own view. */
const NEEDS_VIEW = new RegExp(`${INVISIBLE.source}|&|%[0-9a-f][0-9a-fA-F]|%[0-9A-F][0-9a-f]`);
/** A numeric reference (its `;` may be left out, as browsers allow) or a named one. */
const REFERENCE = /&(?:#(\d{1,7});?|#[xX]([0-9a-fA-F]{1,6});?|([A-Za-z][A-Za-z0-9]{1,31});)/y;
/** The named references of ASCII characters (what a secret is made of), and the no-break space. */
const NAMED = {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: '\u00a0',
    excl: '!',
    num: '#',
    dollar: '$',
    percnt: '%',
    lpar: '(',
    rpar: ')',
    ast: '*',
    midast: '*',
    plus: '+',
    comma: ',',
    period: '.',
    sol: '/',
    colon: ':',
    semi: ';',
    equals: '=',
    quest: '?',
    commat: '@',
    lsqb: '[',
    lbrack: '[',
    bsol: '\\',
    rsqb: ']',
    rbrack: ']',
    Hat: '^',
    lowbar: '_',
    UnderBar: '_',
    grave: '`',
    DiacriticalGrave: '`',
    lcub: '{',
    lbrace: '{',
    verbar: '|',
    vert: '|',
    VerticalLine: '|',
    rcub: '}',
    rbrace: '}',
    Tab: '\t',
    NewLine: '\n'
};
function decodeReference(match) {
    const [, decimal, hex, name] = match;
    if (name !== undefined)
        return Object.hasOwn(NAMED, name) ? NAMED[name] : undefined;
    const code = decimal !== undefined ? Number(decimal) : parseInt(hex ?? '', 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}
/** The view of a text (see the file's comment). */
function viewOf(text) {
    if (!NEEDS_VIEW.test(text))
        return { text, span: (from, to) => [from, to] };
    let view = '';
    const starts = [];
    const ends = [];
    const add = (piece, start, end) => {
        view += piece;
        for (let index = 0; index < piece.length; index++) {
            starts.push(start);
            ends.push(end);
        }
    };
    for (let at = 0; at < text.length;) {
        const character = text[at];
        if (INVISIBLE_ONE.test(character)) {
            at += 1;
            continue;
        }
        if (character === '&') {
            REFERENCE.lastIndex = at;
            const match = REFERENCE.exec(text);
            const decoded = match ? decodeReference(match) : undefined;
            if (match && decoded !== undefined) {
                add(decoded, at, at + match[0].length);
                at += match[0].length;
                continue;
            }
        }
        if (character === '%' && /^[0-9a-fA-F]{2}$/.test(text.slice(at + 1, at + 3))) {
            const upper = text.slice(at, at + 3).toUpperCase();
            for (let index = 0; index < 3; index++)
                add(upper[index], at + index, at + index + 1);
            at += 3;
            continue;
        }
        add(character, at, at + 1);
        at += 1;
    }
    return {
        text: view,
        span: (from, to) => to <= from
            ? [starts[from] ?? text.length, starts[from] ?? text.length]
            : [starts[from], ends[to - 1]]
    };
}

;// CONCATENATED MODULE: ./src/report/redact.ts

/** Values shorter than this are not redacted: masking "a" or "1" would shred every message. */
const MIN_LENGTH = 3;
/** A cut piece of a secret this long or longer, left on either side of a cut, is redacted too. */
const MIN_PIECE = 8;
/** What a cut text ends with, so that a reader knows there was more. */
const CUT_MARK = '…';
/**
 * The base64 text of a value wherever it stands in an encoded stream: at each of the three byte
 * offsets (as the runner's own masker sees them), only the characters that the value's bytes
 * alone decide. Also in the URL-safe alphabet.
 */
function base64Forms(value) {
    const bytes = Buffer.from(value);
    const forms = [];
    for (let offset = 0; offset < 3; offset++) {
        const encoded = Buffer.concat([Buffer.alloc(offset), bytes])
            .toString('base64')
            .replace(/=+$/, '');
        // The first characters hold bits of the bytes before; the last one, of the bytes after.
        const skip = [0, 2, 3][offset];
        const partialEnd = (offset + bytes.length) % 3 === 0 ? 0 : 1;
        const form = encoded.slice(skip, encoded.length - partialEnd);
        if (form.length >= MIN_PIECE)
            forms.push(form, form.replace(/\+/g, '-').replace(/\//g, '_'));
    }
    return forms;
}
/** The percent-encodings of a value: as encodeURIComponent writes it, form-encoded, lower-case. */
function percentForms(value) {
    const encoded = encodeURIComponent(value);
    const forms = [
        encoded,
        new URLSearchParams({ v: value }).toString().slice(2),
        encoded.replace(/%20/g, '+')
    ];
    return [...forms, ...forms.map((form) => form.replace(/%[0-9A-F]{2}/g, (c) => c.toLowerCase()))];
}
/** The value as HTML or XML shows it with its special characters escaped. */
function htmlForm(value) {
    return value
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#39;');
}
/**
 * Every form a secret may take in a text the action shows: the value, each line of a multi-line
 * value, and what JSON, percent (either case), form, HTML and base64 encoding make of each (a
 * service that echoes a request body, a URL or a header shows the value in that form). The runner
 * is given each of them to mask too.
 */
function secretForms(values) {
    const forms = new Set();
    for (const value of values) {
        for (const piece of [value, ...value.split(/\r?\n/)]) {
            const trimmed = piece.trim();
            if (trimmed.length < MIN_LENGTH)
                continue;
            for (const form of [
                trimmed,
                JSON.stringify(trimmed).slice(1, -1),
                ...percentForms(trimmed),
                htmlForm(trimmed),
                ...base64Forms(trimmed)
            ])
                forms.add(form);
        }
        // A multi-line value escaped whole keeps its `\n`s, unlike its lines.
        if (/[\r\n]/.test(value.trim())) {
            forms.add(JSON.stringify(value.trim()).slice(1, -1));
            forms.add(encodeURIComponent(value.trim()));
        }
    }
    // Longest first, so that a form containing another is replaced whole.
    return [...forms].sort((a, b) => b.length - a.length);
}
const isWordCharacter = (character) => character !== undefined && /[A-Za-z0-9]/.test(character);
/** Every start of `needle` in `text`. */
function* occurrences(text, needle) {
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1))
        yield at;
}
/**
 * Where the secret forms stand in a text (as [start, end) of the text, overlapping): whole, and
 * cut. A cut leaves a head of a form (MIN_PIECE characters or more) that stops at the end of the
 * text or before a character other than a letter or digit, and a tail that starts at the start
 * of the text or after such a character: what is left on either side when a line break, a
 * length limit or someone else's cut (a service's error body) split a secret. A text that merely
 * shares a start with a secret and goes on with other letters (`https://` of a URL that is a
 * secret) is left alone. Matching is done on the text's view (text-view.ts), so zero-width
 * characters, character references and the case of percent-encoding hide nothing.
 */
function secretSpans(text, forms) {
    const view = viewOf(text);
    const seen = view.text;
    const spans = [];
    for (const form of forms) {
        for (const at of occurrences(seen, form))
            spans.push(view.span(at, at + form.length));
        if (form.length <= MIN_PIECE)
            continue;
        for (const at of occurrences(seen, form.slice(0, MIN_PIECE))) {
            let length = MIN_PIECE;
            while (length < form.length && seen[at + length] === form[length])
                length++;
            if (!isWordCharacter(seen[at + length]))
                spans.push(view.span(at, at + length));
        }
        for (const at of occurrences(seen, form.slice(-MIN_PIECE))) {
            const end = at + MIN_PIECE;
            let length = MIN_PIECE;
            while (length < form.length && seen[end - length - 1] === form[form.length - length - 1])
                length++;
            if (!isWordCharacter(seen[end - length - 1]))
                spans.push(view.span(end - length, end));
        }
    }
    return spans;
}
/** The text with each span (merged where they overlap) replaced by `***`. */
function replaceSpans(text, spans) {
    if (spans.length === 0)
        return text;
    const sorted = [...spans].sort((a, b) => a[0] - b[0]);
    let result = '';
    let at = 0;
    for (const [start, end] of sorted) {
        if (end <= at)
            continue;
        if (start >= at)
            result += `${text.slice(at, start)}***`;
        at = end;
    }
    return result + text.slice(at);
}
/** Returns a redactor for these secret values. */
function createRedactor(values) {
    const raw = secretForms(values);
    // Matched on a text's view, so each form is seen as its view too.
    const forms = [...new Set(raw.map((form) => viewOf(form).text))]
        .filter((form) => form.length >= MIN_LENGTH)
        .sort((a, b) => b.length - a.length);
    const redact = (text) => forms.length === 0 ? text : replaceSpans(text, secretSpans(text, forms));
    /** The end of a cut text without any start of a secret form (3 characters or more) at it. */
    const dropPiece = (text) => {
        for (const form of raw) {
            for (let length = Math.min(form.length - 1, text.length); length >= MIN_LENGTH; length--) {
                if (text.endsWith(form.slice(0, length)))
                    return dropPiece(text.slice(0, -length));
            }
        }
        return text;
    };
    const cut = (text, max) => {
        const redacted = redact(text);
        if (redacted.length <= max)
            return redacted;
        // Not between the two halves of a character outside the BMP.
        const kept = redacted
            .slice(0, Math.max(0, max - CUT_MARK.length))
            .replace(/[\uD800-\uDBFF]$/, '');
        return `${dropPiece(kept)}${CUT_MARK}`;
    };
    return Object.assign(redact, { cut });
}
/** A redactor that knows no secret, for text that holds none (tests, refused inputs). */
const NO_SECRETS = createRedactor([]);


/***/ }),

/***/ 5309:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  FK: () => (/* binding */ buildReport),
  m_: () => (/* reexport */ short_ids/* shortId */.m),
  IR: () => (/* reexport */ short_ids/* shortenIds */.I)
});

// UNUSED EXPORTS: tidyLogLine

// EXTERNAL MODULE: ./src/lib/github-links.ts
var github_links = __webpack_require__(3676);
// EXTERNAL MODULE: ./src/lib/ids.ts
var lib_ids = __webpack_require__(829);
// EXTERNAL MODULE: ./src/outcomes.ts
var outcomes = __webpack_require__(3558);
// EXTERNAL MODULE: ./src/operation-facts.ts
var operation_facts = __webpack_require__(8924);
// EXTERNAL MODULE: ./src/report/step-rows.ts
var step_rows = __webpack_require__(2274);
;// CONCATENATED MODULE: ./src/report/checks-in-words.ts

/** Every check's verdict in words, in the order the check runner ran them. */
function checksInWords(checks) {
    // What the check saw, when it says so apart from the log's sentence: the name stands beside it.
    return checks.verdicts.map(({ saw, ...verdict }) => {
        const row = (0,step_rows/* payloadRow */.ZD)(checks.payloads, verdict.check);
        const warned = verdict.verdict === 'passed' && row?.row.warned?.(row.payload) === true;
        return {
            ...verdict,
            name: step_rows/* STEP_ROWS */.D7[verdict.check].words,
            ...(saw !== undefined ? { why: saw } : {}),
            ...(warned && { warned })
        };
    });
}

// EXTERNAL MODULE: ./src/report/headline.ts
var headline = __webpack_require__(4512);
// EXTERNAL MODULE: ./src/report/policy-model.ts
var policy_model = __webpack_require__(3034);
// EXTERNAL MODULE: ./src/report/rollback-text.ts
var rollback_text = __webpack_require__(6846);
// EXTERNAL MODULE: ./src/report/short-ids.ts
var short_ids = __webpack_require__(8683);
;// CONCATENATED MODULE: ./src/report/report-model.ts










/** Log lines of the ERROR (or worse) levels. */
const ERROR_LEVELS = new Set(['ERROR', 'CRITICAL', 'FATAL']);
/** Log lines of the tail the summary shows, at the most. */
const TAIL_LINES = 30;
function buildReport(input) {
    const { result, checks, rollback, place } = input;
    const checkWords = checks ? checksInWords(checks) : [];
    const failedCheck = inItsRowsWords(checkWords.find((check) => check.verdict === 'failed') ??
        checkWords.find((check) => check.verdict === 'inconclusive'), checks?.payloads);
    const succeeded = (0,outcomes/* succeeds */.k)(result.outcome);
    const commit = commitOf(input);
    const previousCommit = previousCommitOf(input);
    const rollbackWords = rollback && rollbackInWords(rollback, input.rollbackLogs);
    const serving = servingNow(result, rollback, failedCheck);
    const model = {
        operation: input.operation,
        outcome: result.outcome,
        succeeded,
        deploymentName: result.deploymentName ?? input.inputName ?? result.deploymentId ?? 'the deployment',
        headline: [],
        reason: succeeded
            ? undefined
            : (0,short_ids/* shortenIds */.I)(failedCheck?.why ?? withoutLogPointer(result.message, input.logs)),
        failedCheck: succeeded || !failedCheck
            ? undefined
            : { ...failedCheck, ...(failedCheck.why ? { why: (0,short_ids/* shortenIds */.I)(failedCheck.why) } : {}) },
        rollback: rollbackWords,
        serving,
        ...(result.refusedBeforeWrite !== undefined && {
            refusedBeforeWrite: result.refusedBeforeWrite
        }),
        message: result.message,
        ids: idsOf(result, rollback, commit),
        links: {
            run: place && (0,github_links/* runUrl */.Vp)(place),
            commit: place && (0,github_links/* commitUrl */.Bg)(place, commit),
            compare: place && (0,github_links/* compareUrl */.XH)(place, previousCommit, commit),
            deployment: deploymentLink(result, serving)
        },
        commit,
        previousCommit,
        revisionId: result.revisionId,
        revisionStatus: result.revisionStatus,
        created: result.created,
        source: result.promotion?.source ?? input.source,
        target: input.target,
        promotion: result.promotion,
        redeployOf: result.redeployOf,
        checks: checkWords,
        payloads: checks?.payloads ?? {},
        stepMs: input.startedAt === undefined ? result.elapsedMs : input.now - input.startedAt,
        updatedAt: input.now,
        phases: result.phases,
        logs: input.logs && logsInWords(input.logs),
        planLines: result.planLines,
        pruneRows: result.pruneRows,
        policy: (0,policy_model/* policyInWords */.V)(input.policy, operation_facts/* OPERATION_FACTS */.Y[input.operation].checked, place, input.workflowCommit)
    };
    return { ...model, headline: (0,headline/* headlineOf */.gD)(model) };
}
/**
 * The run's message without its pointer to the service's logs when the report shows the lines
 * itself: the service has no page of its own for them to link, and the lines follow.
 */
function withoutLogPointer(message, logs) {
    if (logs === undefined || logs.lines.length === 0)
        return message;
    return message.replace(/ See the revision's \w+ logs on the service\.$/, '');
}
/**
 * The failed check with what it saw in its row's words, when its row has them (a smoke suite's
 * failed cases: the headline counts them already).
 */
function inItsRowsWords(check, payloads) {
    if (check?.verdict !== 'failed')
        return check;
    const found = (0,step_rows/* payloadRow */.ZD)(payloads, check.check);
    const why = found?.row.failedReason?.(found.payload);
    return why === undefined ? check : { ...check, why };
}
/**
 * The deployment's URL: as read after DEPLOYED, else (a failed build or deploy) as read before
 * the write when the revision from before still serves there.
 */
function deploymentLink(result, serving) {
    if (result.deploymentUrl)
        return result.deploymentUrl;
    return serving.whose === 'previous' ? result.servedBeforeUrl : undefined;
}
/** The commit this run's revision was built from: the service's word first, then the workflow's. */
function commitOf(input) {
    const { result } = input;
    const candidates = {
        promotion: [result.promotion?.commit, result.promotion?.fromCommit],
        redeploy: [result.redeployCommit],
        workflow: [input.workflowCommit]
    };
    return candidates[operation_facts/* OPERATION_FACTS */.Y[input.operation].builtFrom].find((sha) => sha !== undefined && github_links/* FULL_SHA */.RG.test(sha));
}
/** The commit of what served before this run's write, as the deployment was read before it. */
function previousCommitOf(input) {
    const sha = input.result.servedBeforeCommit;
    return sha !== undefined && github_links/* FULL_SHA */.RG.test(sha) ? sha : undefined;
}
/**
 * What serves after the run: this run's revision when it succeeded; after a rollback, what the
 * rollback found (restored, or the failed one still); else the revision from before when the
 * failed one never replaced it.
 */
function servingNow(result, rollback, failedCheck) {
    if (rollback) {
        const restored = rollback.restored ?? rollback.outcome === 'deployed';
        if (restored)
            return {
                whose: 'previous',
                revisionId: rollback.revisionId,
                redeployOf: rollback.toRevisionId
            };
        if (rollback.servingNow === rollback.failedRevisionId)
            return { whose: 'failed', revisionId: rollback.failedRevisionId };
        // The rollback's revision serves, as read at its end, though its own checks failed.
        if (rollback.servingNow !== undefined && rollback.servingNow === rollback.revisionId)
            return {
                whose: 'rollback',
                revisionId: rollback.revisionId,
                redeployOf: rollback.toRevisionId
            };
        if (rollback.servingNow !== undefined)
            return { whose: 'unknown', revisionId: rollback.servingNow };
        // The redeploy's revision never reached DEPLOYED: what served (the failed one) goes on.
        if (rollback.outcome !== 'checks-failed')
            return { whose: 'failed', revisionId: rollback.failedRevisionId };
        // DEPLOYED, its checks failed, and what serves could not be read afterwards.
        return { whose: 'unknown' };
    }
    // Refused before the write: what served when the deployment was read serves still.
    if (result.refusedBeforeWrite !== undefined && result.previousRevisionId)
        return { whose: 'previous', revisionId: result.previousRevisionId };
    switch (outcomes/* OUTCOMES */.i[result.outcome].serves) {
        case 'this-run':
            return { whose: 'this run', revisionId: result.revisionId };
        case 'checked':
            // The serving check failed: another revision serves, as its words say.
            return failedCheck?.check === 'serving'
                ? { whose: 'unknown' }
                : { whose: 'failed', revisionId: result.revisionId };
        case 'previous':
            if (result.previousRevisionId)
                return { whose: 'previous', revisionId: result.previousRevisionId };
            break;
        case 'none':
            return { whose: 'none' };
        case 'unknown':
            break;
    }
    return result.created ? { whose: 'none' } : { whose: 'unknown' };
}
function rollbackInWords(rollback, logs) {
    return {
        ...(logs && { logs: logsInWords(logs) }),
        restored: rollback.restored,
        failedRevisionId: rollback.failedRevisionId,
        toRevisionId: rollback.toRevisionId,
        revisionId: rollback.revisionId,
        elapsedMs: rollback.elapsedMs,
        words: (0,short_ids/* shortenIds */.I)((0,rollback_text/* rollbackWords */.ks)(rollback)),
        payloads: rollback.checks?.payloads ?? {}
    };
}
/** Every id of the run, in full, for the collapsed block; only well-formed ones. */
function idsOf(result, rollback, commit) {
    const ids = [
        ['Deployment', result.deploymentId],
        ['Revision', result.revisionId],
        ['Revision before this run', result.previousRevisionId],
        ['Redeploy of', result.redeployOf],
        ['Promoted from revision', result.promotion?.fromRevisionId],
        ['Rolled back to', rollback?.toRevisionId],
        ['Rollback revision', rollback?.revisionId]
    ];
    return [
        ...ids.flatMap(([label, id]) => (id !== undefined && lib_ids/* UUID */.k.test(id) ? [{ label, id }] : [])),
        ...(commit ? [{ label: 'Commit', id: commit }] : [])
    ];
}
/**
 * A revision's log for people: the ERROR lines first, each line without the date and level the
 * service repeats inside its message, the tail after them.
 */
function logsInWords(logs) {
    const lines = logs.lines.map((line) => ({
        error: ERROR_LEVELS.has(line.level),
        text: tidyLogLine(line.time, line.level, line.message)
    }));
    const errors = lines.filter((line) => line.error).map((line) => line.text);
    // Without any leveled line, the last lines are the best guess at the cause.
    const shownFirst = errors.length > 0 ? errors : lines.slice(-5).map((line) => line.text);
    return {
        phase: logs.phase,
        errors: shownFirst,
        tail: lines.slice(-TAIL_LINES).map((line) => line.text)
    };
}
/** `12:04:30 ERROR message`: the time of day (the day is the run's), the level unless INFO. */
function tidyLogLine(time, level, message) {
    const at = /T?(\d{2}:\d{2}:\d{2})/.exec(time)?.[1];
    const bare = message
        .replace(/^\[?\d{4}-\d{2}-\d{2}[T ][\d:.,]+Z?\]?\s*/, '')
        .replace(/^\[?(TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|CRITICAL|FATAL)\]?:?\s+/i, '');
    return [at, level === 'INFO' ? '' : level, bare].filter((part) => part).join(' ');
}



/***/ }),

/***/ 1748:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Tp: () => (/* binding */ linkedCommit),
/* harmony export */   Ux: () => (/* binding */ headlineMarkdown),
/* harmony export */   xE: () => (/* binding */ alert)
/* harmony export */ });
/* harmony import */ var _lib_url__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5194);
/* harmony import */ var _headline__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4512);


/** The headline as markdown: the mark, the words escaped, short ids as code. */
function headlineMarkdown(model, md) {
    const words = model.headline
        .map((part) => (typeof part === 'string' ? md.cell(part) : md.code(part.code)))
        .join('');
    return `${(0,_headline__WEBPACK_IMPORTED_MODULE_1__/* .markOf */ .Fg)(model)} ${words}`;
}
/** A GitHub alert block (`> [!CAUTION]`): every line quoted, a blank one quoted too. */
function alert(kind, lines) {
    return [
        `> [!${kind}]`,
        ...lines.flatMap((line) => line.split('\n')).map((line) => (line === '' ? '>' : `> ${line}`))
    ];
}
/** A commit as its short id in code, linked to its page when the link is http(s). */
function linkedCommit(sha, url, md) {
    const code = md.code((0,_headline__WEBPACK_IMPORTED_MODULE_1__/* .shortCommit */ .Ax)(sha));
    return url !== undefined && 'url' in (0,_lib_url__WEBPACK_IMPORTED_MODULE_0__/* .checkHttpUrl */ .O)(url) ? `[${code}](${url})` : code;
}


/***/ }),

/***/ 9330:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   f: () => (/* binding */ riskLines)
/* harmony export */ });
/* harmony import */ var _policy_text__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5132);
/* harmony import */ var _step_rows__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2274);


/** ⚠️ lines under the headline, at the most. */
const MAX_RISKS = 3;
/**
 * The ⚠️ lines under the headline: each a risk the run let through, naming its first case and
 * counting the rest (What people see, "Under the headline"). The mark stays the run's.
 */
function riskLines(model, md, redact) {
    // In the spec's order: the release policy made weaker, then each step's (its row's order:
    // parked threads stranded, a hand edit written over).
    const steps = Object.keys(_step_rows__WEBPACK_IMPORTED_MODULE_0__/* .STEP_ROWS */ .D7)
        .flatMap((name) => {
        // The row of a name reads that name's payloads (step-rows.ts pairs them).
        const { risk } = _step_rows__WEBPACK_IMPORTED_MODULE_0__/* .STEP_ROWS */ .D7[name];
        if (risk === undefined)
            return [];
        const line = risk.line(model.payloads[name], model.rollback?.payloads[name], md, redact);
        return line === undefined ? [] : [{ order: risk.order, line }];
    })
        .sort((one, other) => one.order - other.order);
    const lines = [(0,_policy_text__WEBPACK_IMPORTED_MODULE_1__/* .policyRiskLine */ .Kx)(model.policy, md), ...steps.map(({ line }) => line)].filter((line) => line !== undefined);
    return lines.slice(0, MAX_RISKS).flatMap((line) => [line, '']);
}


/***/ }),

/***/ 6846:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ks: () => (/* binding */ rollbackWords),
/* harmony export */   sR: () => (/* binding */ describeRollback)
/* harmony export */ });
/* unused harmony export rollbackHeadline */
/* harmony import */ var _lib_duration__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2543);
/* harmony import */ var _result__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1666);
/* harmony import */ var _rollback_section__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4275);
/* harmony import */ var _step_rows__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2274);




/** How a rollback ended, in one or two sentences naming both revisions and the time it took. */
function describeRollback(rollback) {
    const { failedRevisionId, toRevisionId, revisionId, outcome, servingNow } = rollback;
    const took = (0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(rollback.elapsedMs);
    if (rollback.restored) {
        return `Rolled back: revision ${revisionId ?? '?'} (a redeploy of ${toRevisionId}) is DEPLOYED and serves in place of the failed revision ${failedRevisionId}; the rollback took ${took}.`;
    }
    if (outcome === 'checks-failed') {
        return `The rollback to revision ${toRevisionId} deployed revision ${revisionId ?? '?'} in ${took}, but it failed its checks too: ${(0,_result__WEBPACK_IMPORTED_MODULE_3__/* .failingVerdict */ .sN)(rollback.checks)?.why ?? '?'}`;
    }
    if (outcome === 'deployed') {
        return `The rollback to revision ${toRevisionId} deployed revision ${revisionId ?? '?'} in ${took}, but the deployment serves ${servingNow ?? 'a revision that could not be read'}.`;
    }
    return `The rollback of revision ${failedRevisionId} to revision ${toRevisionId} did not complete after ${took}: ${rollback.message}`;
}
/**
 * Whether the revision brought back passed its own checks: "passed its 3 checks", or that none
 * new revision, …)", or that none ran on it.
 */
function checkedWords(rollback) {
    const ran = (rollback.checks?.verdicts ?? []).filter((verdict) => verdict.verdict !== 'skipped');
    if (ran.length === 0)
        return 'ran no check of its own';
    return `passed its ${ran.length === 1 ? 'check' : `${ran.length} checks`}`;
}
/** How the redeploy ended when it never reached DEPLOYED, by its outcome: no nested message. */
const NOT_DEPLOYED = {
    timeout: (took) => `did not reach DEPLOYED within ${_rollback_section__WEBPACK_IMPORTED_MODULE_1__/* .ROLLBACK_KEYS */ .q9.timeout} (${took})`,
    cancelled: (took) => `was cancelled after ${took}`,
    superseded: () => 'was superseded by a newer revision'
};
/**
 * How a rollback ended, for the report, where it stands under the label "The rollback:" and its
 * time has its own line: the revisions in one sentence that names the rollback no second time.
 * A check that failed is named in words with what it saw; a redeploy that failed says how it
 * ended in its own words (a failed build is no timeout), its log's lines shown apart.
 */
function rollbackWords(rollback) {
    const { failedRevisionId, toRevisionId, revisionId, outcome, servingNow } = rollback;
    const redeployed = `Redeployed revision ${toRevisionId} as ${revisionId ?? '?'}`;
    if (rollback.restored)
        return `${redeployed}, which is DEPLOYED, ${checkedWords(rollback)} and serves in place of the failed revision ${failedRevisionId}.`;
    if (outcome === 'checks-failed') {
        const failing = (0,_result__WEBPACK_IMPORTED_MODULE_3__/* .failingVerdict */ .sN)(rollback.checks);
        const words = failing ? _step_rows__WEBPACK_IMPORTED_MODULE_2__/* .STEP_ROWS */ .D7[failing.check].words : 'checks';
        const saw = failing?.saw ?? failing?.why;
        return `${redeployed}, which is DEPLOYED but failed its own ${words}${saw ? `: ${saw}` : '.'}`;
    }
    if (outcome === 'deployed')
        return `${redeployed}, which is DEPLOYED, but the deployment serves ${servingNow ?? 'a revision that could not be read'}.`;
    const took = (0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(rollback.elapsedMs);
    if (outcome === 'failed')
        return `${redeployed}, which ended ${rollback.revisionStatus ?? 'failed'} after ${took}.`;
    const ended = NOT_DEPLOYED[outcome];
    const which = revisionId ? ` (as ${revisionId})` : '';
    if (ended)
        return `The redeploy of revision ${toRevisionId}${which} ${ended(took)}.`;
    return `The redeploy of revision ${toRevisionId} failed: ${rollback.message}`;
}
/** A short headline for GitHub's deployment status and the comment. */
function rollbackHeadline(rollback) {
    if (rollback.restored)
        return `rolled back to ${rollback.toRevisionId}`;
    // DEPLOYED with its checks passed, yet not what the service names active.
    const why = rollback.outcome === 'deployed' ? 'it does not serve' : rollback.outcome;
    return `rollback to ${rollback.toRevisionId} failed (${why})`;
}


/***/ }),

/***/ 8683:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I: () => (/* binding */ shortenIds),
/* harmony export */   m: () => (/* binding */ shortId)
/* harmony export */ });
/**
 * A text with every UUID in it cut to its first 8 characters: the report's text (the summary,
 * the comment, the notices) shows short ids; the full ones are in the summary's collapsed block
 * and the log's own lines.
 */
function shortenIds(text) {
    // An id quoted in backticks is one a person is asked to copy into an input: kept whole.
    return text.replace(/(`[0-9a-f-]{36}`)|\b([0-9a-f]{8})-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, (_, quoted, head) => quoted ?? head ?? '');
}
/** The first 8 characters of an id: what the text shows (the full ids are collapsed). */
function shortId(id) {
    return id.slice(0, 8);
}


/***/ }),

/***/ 2274:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D7: () => (/* binding */ STEP_ROWS),
/* harmony export */   ZD: () => (/* binding */ payloadRow),
/* harmony export */   au: () => (/* binding */ payloadRows)
/* harmony export */ });
/* harmony import */ var _steps__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6432);

/** In the order of the step list, which is the order the summary shows payloads in. */
const STEP_ROWS = {
    commit: { words: 'commit match' },
    serving: { words: 'serving the new revision' },
    info: { words: 'agent server health' },
    ..._steps__WEBPACK_IMPORTED_MODULE_0__/* .LISTED_RENDERS */ .w
};
/**
 * Each payload with its row, in the rows' order: this run's revision's, each followed by the
 * same step's on the revision a rollback brought back.
 */
function payloadRows(payloads, afterRollback) {
    const of = (from, name) => from?.[name];
    return Object.keys(STEP_ROWS).flatMap((name) => {
        // The row of a name renders that name's payload (Rows pairs them); the pairing is kept here.
        const row = STEP_ROWS[name];
        const mine = of(payloads, name);
        const rollback = of(afterRollback, name);
        return [
            ...(mine === undefined ? [] : [{ name, payload: mine, row, afterRollback: false }]),
            ...(rollback === undefined ? [] : [{ name, payload: rollback, row, afterRollback: true }])
        ];
    });
}
/** The payload of the step `name` on this run's revision, with its row, when it has one. */
function payloadRow(payloads, name) {
    return payloadRows(payloads).find((each) => each.name === name);
}


/***/ }),

/***/ 2529:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  l2: () => (/* binding */ capitalized),
  TR: () => (/* binding */ renderInputErrorSummary),
  Br: () => (/* binding */ renderSummary),
  Av: () => (/* binding */ servingWords),
  M9: () => (/* binding */ warningsSummary)
});

// UNUSED EXPORTS: renderDeploySummary

// EXTERNAL MODULE: ./src/lib/duration.ts
var duration = __webpack_require__(2543);
// EXTERNAL MODULE: ./src/operation-facts.ts
var operation_facts = __webpack_require__(8924);
// EXTERNAL MODULE: ./src/report/headline.ts
var headline = __webpack_require__(4512);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(4285);
// EXTERNAL MODULE: ./src/wait/progress-text.ts
var progress_text = __webpack_require__(8432);
// EXTERNAL MODULE: ./src/wait/revision-status.ts
var revision_status = __webpack_require__(6123);
;// CONCATENATED MODULE: ./src/report/phases.ts



/** Status changes shown at the most; a service that flips statuses cannot grow the summary. */
const MAX_PHASE_ROWS = 40;
/**
 * A duration whose ends are known to less than this (the gap between the polls around each) is
 * shown as approximate.
 */
const EXACT_ENOUGH_MS = 5_000;
/** What a status may be called in the chart: mermaid reads nothing in it as syntax. */
const CHART_SAFE = /^[A-Z][A-Z0-9_]{0,39}$/;
/**
 * A status as a mermaid task name (where nothing can be escaped): itself when it is a plain
 * status name that holds no secret, else a fixed text.
 */
function chartName(status, md) {
    return md.label(status, CHART_SAFE, 'other status');
}
/** How far off the end of `spans[index]` may be: the uncertainty of the next one's start. */
function endUncertainty(spans, index) {
    return spans[index + 1]?.uncertainMs ?? 0;
}
function lasted(spans, index) {
    const span = spans[index];
    return span.endedAt === undefined ? undefined : span.endedAt - span.firstSeenAt;
}
/** `~` when a duration's ends are not known to within EXACT_ENOUGH_MS. */
function approx(spans, index) {
    const span = spans[index];
    const loose = Math.max(index === 0 ? 0 : span.uncertainMs, endUncertainty(spans, index));
    return loose > EXACT_ENOUGH_MS ? '~' : '';
}
/** The last span: the final status, where a failed revision stopped, or where the wait ended. */
function lastRow(span, timeline) {
    const verdict = (0,revision_status/* judgeStatus */.Gh)(span.status);
    if (verdict === 'deployed')
        return 'final';
    if (verdict !== 'waiting')
        return 'final: the revision stopped here';
    return `still in it after ${(0,duration/* formatDuration */.a)(timeline.lastPollAt - span.firstSeenAt)} when the wait ended`;
}
/**
 * The job summary's "where the time went": each status of the revision with when it was first
 * seen (UTC) and how long it lasted, the whole beside the earlier revisions' median, as a table;
 * the same as a mermaid gantt chart in elapsed time, collapsed under it. Statuses come from the
 * service: escaped in the table, allow-listed in the chart; everything else in the chart is
 * numbers. `open` shows it as a section (a failure, a slow wait: the time is part of what
 * happened); else it is collapsed under a line that says the wait's time and the usual.
 */
function renderPhases(timeline, md, open = true) {
    const { phases, waitStartedAt, earlier } = timeline;
    const shown = phases.length > MAX_PHASE_ROWS ? phases.slice(-MAX_PHASE_ROWS) : phases;
    const hidden = phases.length - shown.length;
    const last = shown[shown.length - 1];
    const final = (0,revision_status/* judgeStatus */.Gh)(last.status) !== 'waiting';
    const total = (final ? last.firstSeenAt : timeline.lastPollAt) - waitStartedAt;
    const widest = Math.max(0, ...phases.slice(1).map((span) => span.uncertainMs));
    const rows = shown.map((span, index) => {
        const took = lasted(shown, index);
        const value = took === undefined
            ? lastRow(span, timeline)
            : `${approx(shown, index)}${(0,duration/* formatDuration */.a)(took)}`;
        const offset = (0,duration/* formatDuration */.a)(span.firstSeenAt - waitStartedAt);
        return `| ${md.cell(span.status)} | ${(0,progress_text/* clockTime */.qo)(span.firstSeenAt)} (+${offset}) | ${value} |`;
    });
    const earlierRow = earlier
        ? `| Earlier revisions: median of ${earlier.count} | | ${(0,duration/* formatDuration */.a)(earlier.medianMs)} (${(0,progress_text/* earlierRange */.Kk)(earlier)}) |`
        : timeline.historyRead
            ? '| Earlier revisions | | none to compare with |'
            : '| Earlier revisions | | history not read |';
    const usual = earlier ? `; earlier revisions ${(0,duration/* formatDuration */.a)(earlier.medianMs)}` : '';
    return [
        ...(open
            ? ['### Where the time went', '']
            : [
                `<details><summary>Where the time went: the wait took ${final ? '' : 'at least '}${(0,duration/* formatDuration */.a)(total)}${usual}</summary>`,
                ''
            ]),
        '| Status | First seen | Lasted |',
        '|---|---|---|',
        ...(hidden > 0 ? [`| … ${hidden} earlier status changes not shown | | |`] : []),
        ...rows,
        `| **The wait in all** | | ${final ? '' : 'at least '}${(0,duration/* formatDuration */.a)(total)} |`,
        earlierRow,
        '',
        md.paragraph(`Durations are as the poller saw them.${widest > EXACT_ENOUGH_MS
            ? ` Polls were up to ${(0,duration/* formatDuration */.a)(widest)} apart, so those marked ~ are approximate.`
            : ''} The service records only when a revision started and ended, so earlier revisions are compared in all.`),
        '',
        '<details><summary>The same as a chart (time since the wait started)</summary>',
        '',
        ...renderChart(timeline, shown, final, md),
        '',
        '</details>',
        '',
        ...(open ? [] : ['</details>', ''])
    ];
}
/**
 * The wait took longer than every earlier revision it is compared with: a success whose time is
 * worth a look. Without earlier revisions nothing says it was slow.
 */
function slowWait(timeline) {
    const last = timeline.phases.at(-1);
    if (!timeline.earlier || !last)
        return false;
    const final = (0,revision_status/* judgeStatus */.Gh)(last.status) !== 'waiting';
    const total = (final ? last.firstSeenAt : timeline.lastPollAt) - timeline.waitStartedAt;
    return total > timeline.earlier.longestMs;
}
/** Elapsed time as mermaid reads it (`HH:mm:ss` from the wait's start): the same in every time zone. */
function elapsed(ms) {
    const seconds = Math.max(0, Math.round(ms / 1000));
    const part = (n) => String(n).padStart(2, '0');
    return `${part(Math.min(23, Math.floor(seconds / 3600)))}:${part(Math.floor(seconds / 60) % 60)}:${part(seconds % 60)}`;
}
/**
 * The same as a mermaid gantt chart (GitHub renders it): this revision, then the median. Times
 * are elapsed since the wait started, written without a date or zone, so the viewer's clock
 * cannot shift them.
 */
function renderChart(timeline, shown, final, md) {
    const { earlier, waitStartedAt } = timeline;
    const at = (epochMs) => elapsed(epochMs - waitStartedAt);
    const tasks = shown.map((span, index) => {
        const id = `s${index}`;
        if (span.endedAt !== undefined)
            return `    ${chartName(span.status, md)} :${id}, ${at(span.firstSeenAt)}, ${at(span.endedAt)}`;
        if (!final)
            return `    ${chartName(span.status, md)} :active, ${id}, ${at(span.firstSeenAt)}, ${at(timeline.lastPollAt)}`;
        const tag = (0,revision_status/* judgeStatus */.Gh)(span.status) === 'deployed' ? 'milestone' : 'crit, milestone';
        return `    ${chartName(span.status, md)} :${tag}, ${id}, ${at(span.firstSeenAt)}, ${at(span.firstSeenAt)}`;
    });
    const longest = Math.max(timeline.lastPollAt - waitStartedAt, earlier?.medianMs ?? 0);
    return [
        '```mermaid',
        "%%{init: {'gantt': {'leftPadding': 110}}}%%",
        'gantt',
        '    dateFormat HH:mm:ss',
        `    axisFormat ${longest >= 3_600_000 ? '%H:%M:%S' : '%M:%S'}`,
        '    todayMarker off',
        '    section This run',
        ...tasks,
        ...(earlier
            ? [
                '    section Earlier',
                `    median of ${earlier.count} :e0, ${at(waitStartedAt)}, ${elapsed(earlier.medianMs)}`
            ]
            : []),
        '```'
    ];
}

// EXTERNAL MODULE: ./src/report/policy-text.ts
var policy_text = __webpack_require__(5132);
// EXTERNAL MODULE: ./src/report/report-model.ts + 1 modules
var report_model = __webpack_require__(5309);
// EXTERNAL MODULE: ./src/report/report-pieces.ts
var report_pieces = __webpack_require__(1748);
// EXTERNAL MODULE: ./src/report/risks.ts
var risks = __webpack_require__(9330);
// EXTERNAL MODULE: ./src/report/step-rows.ts
var step_rows = __webpack_require__(2274);
;// CONCATENATED MODULE: ./src/report/summary.ts










/** The deployment's link, in words: a URL as a link's text is read as noise. */
const DEPLOYMENT_LINK = "the deployment's URL ↗";
/** The words of each verdict in the checks table. */
const VERDICT_WORDS = {
    passed: '✅ passed',
    failed: '❌ failed',
    inconclusive: '⚠️ could not conclude',
    skipped: '⏭️ skipped'
};
/** A pass that let a risk through (the ⚠️ line under the headline names it). */
const WARNED_WORDS = '⚠️ passed with a warning';
/**
 * The job summary, rendered from the report model: the headline, the reason right under it when
 * the step failed (the failed check and what it saw, the log's ERROR lines, the failed cases),
 * then the facts, the checks, the time, and the full ids collapsed. Every text from the service
 * is redacted, then escaped (./markdown.ts); the whole stays under the runner's size limit.
 */
function renderSummary(model, redact) {
    const md = (0,markdown/* markdownFor */.DY)(redact);
    if (model.pruneRows)
        return renderPruneSummary(model, model.pruneRows, md);
    const view = (name, afterRollback) => ({
        md,
        redact,
        failedHere: !afterRollback && model.failedCheck?.check === name,
        afterRollback,
        broughtBack: model.rollback?.toRevisionId
    });
    const payloads = (0,step_rows/* payloadRows */.au)(model.payloads, model.rollback?.payloads);
    // The failed step's payload right under the reason, when its row shows it there; the others
    // after the checks table.
    const firstOf = ({ name, afterRollback, row }) => view(name, afterRollback).failedHere && row.summaryReason !== undefined;
    const reasonDetail = payloads
        .filter(firstOf)
        .flatMap((each) => each.row.summaryReason?.(each.payload, view(each.name, false)) ?? []);
    const payloadLines = payloads
        .filter((each) => !firstOf(each))
        .flatMap((each) => each.row.summary?.(each.payload, view(each.name, each.afterRollback)) ?? []);
    return (0,markdown/* capMarkdown */.y3)([
        `## ${(0,report_pieces/* headlineMarkdown */.Ux)(model, md)}`,
        '',
        ...failureFirst(model, md),
        ...(model.logs ? renderLogs(model.logs, md) : []),
        ...(model.rollback?.logs
            ? renderLogs(model.rollback.logs, md, "the rollback revision's")
            : []),
        ...reasonDetail,
        // The risks the run let through come after the reason (its log lines included).
        ...(0,risks/* riskLines */.f)(model, md, redact),
        ...facts(model, md),
        ...checksTable(model.checks, md),
        ...payloadLines,
        ...(0,policy_text/* policySummary */.jZ)(model.policy, md),
        ...(model.planLines ? ['### Plan', '', md.fence(model.planLines), ''] : []),
        // The time is a detail, collapsed, unless the run timed out or the wait ran past every
        // earlier one: a failed check or build is not about time.
        ...(model.phases
            ? renderPhases(model.phases, md, model.outcome === 'timeout' || slowWait(model.phases))
            : []),
        ...fullIds(model, md)
    ].join('\n'));
}
/** The reason, right under the headline, in an alert block: what failed and what it saw. */
function failureFirst(model, md) {
    if (model.succeeded)
        return [];
    const lines = [];
    const { failedCheck, rollback } = model;
    if (failedCheck?.why !== undefined) {
        const verdict = failedCheck.verdict === 'failed' ? 'failed' : 'could not conclude';
        lines.push(`**${md.cell(capitalized(failedCheck.name))} ${verdict}:** ${md.paragraph(failedCheck.why)}`);
    }
    else if (model.reason !== undefined) {
        lines.push(md.paragraph(model.reason));
    }
    if (rollback) {
        lines.push('', `**The rollback:** ${md.paragraph(rollback.words)}`);
    }
    return [...(0,report_pieces/* alert */.xE)(rollback?.restored ? 'WARNING' : 'CAUTION', lines), ''];
}
/** What serves now, in words, its id short. */
function servingWords(serving, md) {
    const id = serving.revisionId ? ` ${md.code((0,report_model/* shortId */.m_)(serving.revisionId))}` : '';
    switch (serving.whose) {
        case 'this run':
            return `this run's revision${id}`;
        case 'previous':
            return serving.redeployOf
                ? `the revision from before this run, ${md.code((0,report_model/* shortId */.m_)(serving.redeployOf))}, redeployed as${id}`
                : `the revision from before this run${id}`;
        case 'failed':
            return `the failed revision${id}`;
        case 'rollback':
            return `the rollback's revision${id}${serving.redeployOf ? ` (a redeploy of ${md.code((0,report_model/* shortId */.m_)(serving.redeployOf))})` : ''}, which failed its own checks`;
        case 'none':
            return 'no revision';
        case 'unknown':
            return id ? `revision${id} (as last read)` : 'unknown';
    }
}
/** The facts of the run as a list (a key/value table would need an empty header row). */
function facts(model, md) {
    const items = [];
    if (operation_facts/* OPERATION_FACTS */.Y[model.operation].reportsServing) {
        items.push(`**Serving now:** ${servingWords(model.serving, md)}${model.links.deployment && model.serving.whose !== 'none' ? ` at ${md.linkWords(DEPLOYMENT_LINK, model.links.deployment)}` : ''}`);
    }
    if (model.revisionId)
        items.push(`**This run's revision:** ${md.code((0,report_model/* shortId */.m_)(model.revisionId))}${model.revisionStatus ? `, ${md.cell(model.revisionStatus)}` : ''}${replacedByRollback(model) ? ', then replaced by the rollback' : ''}${model.created ? ' (the deployment was created by this run)' : ''}`);
    if (model.commit) {
        const compare = model.links.compare
            ? ` (${md.linkAs('compare with the commit before', model.links.compare)})`
            : '';
        items.push(`**Commit:** ${(0,report_pieces/* linkedCommit */.Tp)(model.commit, model.links.commit, md)}${compare}`);
    }
    if (model.promotion) {
        const { fromDeploymentName, fromRevisionId, promoted, fromCommit } = model.promotion;
        // The source's commit, when it differs from what this run built (the Commit line above).
        const verified = fromCommit && fromCommit !== model.commit
            ? `, verified at commit ${md.code(fromCommit.slice(0, 7))}`
            : '';
        items.push(`**Source:** ${md.cell(model.promotion.source)}`);
        items.push(`**Promoted from:** ${md.cell(fromDeploymentName)}, revision ${md.code((0,report_model/* shortId */.m_)(fromRevisionId))} (${md.cell(promoted)})${verified}`);
    }
    else if (model.target) {
        items.push(`**Source:** ${sourceWords(model.source, model.target, md)}`);
    }
    if (model.redeployOf)
        items.push(`**Redeploy of:** revision ${md.code((0,report_model/* shortId */.m_)(model.redeployOf))}`);
    items.push(`**Took:** ${(0,duration/* formatDuration */.a)(model.stepMs)}`);
    if (model.rollback)
        items.push(`**The rollback took:** ${(0,duration/* formatDuration */.a)(model.rollback.elapsedMs)}`);
    if (model.links.run && !model.succeeded)
        items.push(`**Run:** ${md.linkAs('this workflow run', model.links.run)}`);
    return [...items.map((item) => `- ${item}`), ''];
}
/**
 * What the revision was built from, in a user's words: "from the repository's `main`", "the
 * image `…`", "the folder `…`" (never the service's name for the kind of source).
 */
function sourceWords(source, target, md) {
    if (source === 'git_host')
        return `from the repository's ${md.code(target)}`;
    if (source === 'internal_source')
        return `the checked-out folder ${md.code(target.replace(/^folder /, ''))}`;
    return `the image ${md.code(target)}`;
}
/** This run's revision no longer serves: the rollback put the earlier one back in its place. */
function replacedByRollback(model) {
    return model.rollback?.restored === true && model.rollback.failedRevisionId === model.revisionId;
}
function checksTable(checks, md) {
    if (checks.length === 0)
        return [];
    const withWhy = checks.some((check) => check.verdict === 'skipped' && check.why !== undefined);
    return [
        '### Checks',
        '',
        `| Check | Verdict |${withWhy ? ' What it saw |' : ''}`,
        `|---|---|${withWhy ? '---|' : ''}`,
        ...checks.map((check) => {
            // A failure's words stand under the headline: the table points there, not repeats them.
            const why = check.why === undefined
                ? ''
                : check.verdict === 'failed' || check.verdict === 'inconclusive'
                    ? 'see above'
                    : md.cell(check.why);
            const verdict = check.warned ? WARNED_WORDS : VERDICT_WORDS[check.verdict];
            return `| ${md.cell(check.name)} | ${verdict} |${withWhy ? ` ${why} |` : ''}`;
        }),
        ''
    ];
}
/** The log's ERROR lines first (else its last lines), then its tail collapsed. */
function renderLogs(logs, md, whose = 'the') {
    const phase = md.cell(logs.phase);
    if (logs.tail.length === 0)
        return [];
    // The errors are the tail's last lines when none has a level: the tail alone then.
    const tailOnly = logs.errors.every((line, index) => line === logs.tail.at(index - logs.errors.length));
    if (tailOnly && logs.tail.length === logs.errors.length)
        return [`### The last lines of ${whose} ${phase} log`, '', md.fence(logs.tail), ''];
    return [
        `### ${capitalized(whose)} ${phase} log's errors`,
        '',
        md.fence(logs.errors),
        '',
        `<details><summary>Last ${logs.tail.length} lines of ${whose} ${phase} log</summary>`,
        '',
        md.fence(logs.tail),
        '',
        '</details>',
        ''
    ];
}
const capitalized = (text) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
/** Every id in full, collapsed: the text above uses their first 8 characters. */
function fullIds(model, md) {
    if (model.ids.length === 0)
        return [];
    return [
        '<details><summary>Full ids</summary>',
        '',
        '| Id of | Id |',
        '|---|---|',
        ...model.ids.map(({ label, id }) => `| ${md.cell(label)} | ${md.code(id)} |`),
        '',
        '</details>',
        ''
    ];
}
/** operation prune: the stale deployments found, why each is stale, and what became of it. */
function renderPruneSummary(model, rows, md) {
    return (0,markdown/* capMarkdown */.y3)([
        `## ${(0,headline/* markOf */.Fg)(model)} ${md.cell((0,headline/* plainHeadline */.r6)(model))}`,
        '',
        ...(model.succeeded ? [md.paragraph(model.message), ''] : failureFirst(model, md)),
        ...(rows.length === 0
            ? []
            : [
                '| Name | Last update | Why | Result |',
                '|---|---|---|---|',
                ...rows.map((row) => `| ${md.cell(row.name)} | ${md.cell(row.updatedAt ?? '?')} | ${md.cell(row.reason)} | ${md.cell(row.failure ? `${row.result}: ${row.failure}` : row.result)} |`),
                ''
            ]),
        `**Took:** ${(0,duration/* formatDuration */.a)(model.stepMs)}`,
        ''
    ].join('\n'));
}
/**
 * The job summary of a result without a GitHub context (tests, the demo): the model built from
 * it, then rendered.
 */
function renderDeploySummary(result, source, extras, redact) {
    return renderSummary(buildReport({
        operation: extras.operation ?? 'deploy',
        source,
        now: Date.now(),
        ...extras,
        result
    }), redact);
}
/** Every warning the run wrote, collapsed; nothing without any. */
function warningsSummary(warnings, redact) {
    if (warnings.length === 0)
        return '';
    const md = (0,markdown/* markdownFor */.DY)(redact);
    return [
        '',
        `<details><summary>Warnings (${warnings.length})</summary>`,
        '',
        ...warnings.map((warning) => `- ${md.cell(warning)}`),
        '',
        '</details>',
        ''
    ].join('\n');
}
/**
 * The job summary when the inputs were refused: nothing was sent. `operation: validate` asked
 * only for this check, so its headline says the check found problems, not that a deploy did not
 * start.
 */
function renderInputErrorSummary(message, redact, operation, 
/** The problems counted by where they are, when the inputs' check counted them. */
counts) {
    const md = (0,markdown/* markdownFor */.DY)(redact);
    const [first = '', ...rest] = message.split('\n');
    const problems = rest.filter((line) => /^\s+- /.test(line));
    return (0,markdown/* capMarkdown */.y3)([
        `## ❌ ${md.cell(inputErrorHeadline(operation, counts))}`,
        '',
        ...(0,report_pieces/* alert */.xE)('CAUTION', [
            md.paragraph(first),
            ...(problems.length === 0
                ? rest.length === 0
                    ? []
                    : ['', md.paragraph(rest.join('\n'))]
                : ['', ...problems.map((line) => `- ${withCode(line.replace(/^\s+- /, ''), md)}`)])
        ]),
        ''
    ].join('\n'));
}
/**
 * "Validate: 3 problems in the release policy .github/release-policy.yml", "Delete not started:
 * 1 problem in the inputs": the operation asked for, what was checked, how many problems.
 */
function inputErrorHeadline(operation, counts) {
    const known = ['deploy', 'delete', 'rollback', 'promote', 'prune', 'validate'];
    const verb = operation !== undefined && known.includes(operation) ? operation : 'deploy';
    const name = `${verb.charAt(0).toUpperCase()}${verb.slice(1)}`;
    if (counts === undefined)
        return verb === 'validate' ? 'Validate: problems found' : `${name} not started: invalid inputs`;
    const total = counts.inputs + counts.policy;
    const policy = `the release policy${counts.policyPath ? ` ${counts.policyPath}` : ''}`;
    const where = counts.policy === 0 ? 'the inputs' : counts.inputs === 0 ? policy : `the inputs and ${policy}`;
    const found = `${total} problem${total === 1 ? '' : 's'} in ${where}`;
    return verb === 'validate' ? `Validate: ${found}` : `${name} not started: ${found}`;
}
/** A problem's sentence with its `code` spans kept as code, the rest escaped. */
function withCode(text, md) {
    return text
        .split('`')
        .map((part, index, parts) => index % 2 === 1 && index < parts.length - 1 ? md.code(part) : md.paragraph(part))
        .join('');
}


/***/ }),

/***/ 1666:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   O2: () => (/* binding */ checksWith),
/* harmony export */   cX: () => (/* binding */ withChecks),
/* harmony export */   sN: () => (/* binding */ failingVerdict)
/* harmony export */ });
/** The checks with this verdict, in the runner's order. */
function checksWith(checks, verdict) {
    return checks?.verdicts.filter((each) => each.verdict === verdict) ?? [];
}
/**
 * The verdict that fails the step: the first failed check, else the first that could not
 * conclude; undefined when every check passed or was skipped.
 */
function failingVerdict(checks) {
    return checksWith(checks, 'failed')[0] ?? checksWith(checks, 'inconclusive')[0];
}
/**
 * The outcome once the checks are known: a DEPLOYED revision whose checks failed or could not
 * conclude is `checks-failed`, its message led by why. The one place the two are combined.
 */
function withChecks(result, checks) {
    const failing = failingVerdict(checks);
    if (result.outcome !== 'deployed' || failing === undefined)
        return result;
    const why = failing.why ??
        `The ${failing.check} check ${failing.verdict === 'failed' ? 'failed' : 'could not conclude'}.`;
    // Not the deployed message ("Deployed …"): it would read as a success beside a failure.
    const revision = result.revisionId === undefined ? 'The revision' : `Revision ${result.revisionId}`;
    const deployed = `${revision} is DEPLOYED but did not pass its checks.`;
    return { ...result, outcome: 'checks-failed', message: `${why} ${deployed}` };
}


/***/ }),

/***/ 4275:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   iU: () => (/* binding */ rollbackSection),
/* harmony export */   q9: () => (/* binding */ ROLLBACK_KEYS),
/* harmony export */   tI: () => (/* binding */ rollbackOnFailureIn)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2857);
/* harmony import */ var _lib_duration__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2543);
/* harmony import */ var _policy_kit_section__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5824);
/* harmony import */ var _policy_kit_schema_kit__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6985);
/* harmony import */ var _policy_kit_values__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4333);
/* harmony import */ var _policy_kit_words__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5658);
/**
 * The release policy's `rollback` section: whether a revision that fails its checks is replaced
 * by the previous one, and how long the rollback's revision may take. The frame reads its
 * settings itself (safe delivery, the deadlines), so they are always there, off by default.
 */






const keys = ((key) => ({
    'on-failure': key((0,_policy_kit_schema_kit__WEBPACK_IMPORTED_MODULE_2__/* .about */ .Cv)(zod__WEBPACK_IMPORTED_MODULE_3__/* .boolean */ .zMY({ error: 'must be true or false' }), 'true: redeploy the previous revision when this one fails its checks')),
    timeout: key((0,_policy_kit_schema_kit__WEBPACK_IMPORTED_MODULE_2__/* .about */ .Cv)(_policy_kit_values__WEBPACK_IMPORTED_MODULE_1__/* .duration */ .p0, "longest wait for the rollback's revision, on top of timeout"))
}));
const DEFAULTS = { 'on-failure': false, timeout: '15m' };
/** What others read of `rollback` (the report, parked threads' rule): whether a failure rolls back. */
const rollbackOnFailureIn = (policy) => policy.rollback?.['on-failure'] === true;
/** Its key paths, for the words of those that read it through its accessor. */
const ROLLBACK_KEYS = {
    onFailure: 'rollback.on-failure',
    timeout: 'rollback.timeout'
};
const rollbackSection = (0,_policy_kit_section__WEBPACK_IMPORTED_MODULE_4__/* .defineSection */ .r)({
    name: 'rollback',
    keys,
    defaults: DEFAULTS,
    words: (rollback) => rollback['on-failure']
        ? ['on failure', `within ${(0,_policy_kit_words__WEBPACK_IMPORTED_MODULE_5__/* .durationWords */ .S)(rollback.timeout ?? 0)}`]
        : ['off'],
    diff: {
        'on-failure': { direction: 1, takesCheck: true },
        timeout: { shown: (value) => (0,_policy_kit_words__WEBPACK_IMPORTED_MODULE_5__/* .durationWords */ .S)(value) }
    },
    actsOnDeployed: { key: 'on-failure', asks: (value) => value === true },
    // `rollback.on-failure` off without a policy: what a step without `release-policy` runs.
    settings: (rollback) => ({
        onFailure: rollback?.['on-failure'] ?? DEFAULTS['on-failure'],
        timeoutMs: rollback?.timeout ?? (0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .parseDuration */ .E)(DEFAULTS.timeout) ?? 0
    }),
    notices: (settings, step) => step.dryRun && settings.onFailure
        ? ['rollback.on-failure: this is a dry run, which deploys nothing: no rollback can happen.']
        : []
});


/***/ }),

/***/ 8288:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   IX: () => (/* binding */ toCase),
/* harmony export */   Td: () => (/* binding */ requiredPasses),
/* harmony export */   fG: () => (/* binding */ MAX_CASES),
/* harmony export */   gZ: () => (/* binding */ MAX_FILE_BYTES),
/* harmony export */   oe: () => (/* binding */ caseSchema)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2857);
/* harmony import */ var _lib_duration__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2543);
/* harmony import */ var _lib_expectation__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2981);



/** More cases than this is a load test, not a smoke suite; the file is refused. */
const MAX_CASES = 500;
/** A case file over this is not a list of smoke cases. */
const MAX_FILE_BYTES = 4 * 1024 * 1024;
/** Characters of a dataset example's reference answer kept for the summary. */
const MAX_REFERENCE = 2_000;
const CASE_KEYS = 'name, message, input, assistant, expect, expect-not, max-latency';
const inputObject = zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J(), { error: 'must be a mapping (an object)' });
// YAML reads `expect: 1234` as a number: any scalar is taken as the text it was written as.
const textValue = zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig(), zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY()], { error: 'must be text' })
    .transform(String);
const nonEmpty = textValue.pipe(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().min(1, 'must not be empty'));
const caseSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    name: textValue.optional(),
    message: textValue.optional(),
    input: inputObject.optional(),
    assistant: nonEmpty.optional(),
    expect: nonEmpty.optional(),
    'expect-not': nonEmpty.optional(),
    'max-latency': zod__WEBPACK_IMPORTED_MODULE_1__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()], { error: 'must be a duration' }).optional(),
    // A dataset example as the tracing service exports it.
    inputs: inputObject.optional(),
    outputs: zod__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J().optional()
});
function toCase(value, where) {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        return { problems: [`${where} must be a mapping of ${CASE_KEYS}`] };
    const named = value.name;
    const label = typeof named === 'string' && named !== '' ? `${where} (${JSON.stringify(named)})` : where;
    const parsed = caseSchema.safeParse(value);
    if (!parsed.success) {
        return {
            problems: parsed.error.issues.map((issue) => issue.code === 'unrecognized_keys'
                ? `${label} has the unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => JSON.stringify(key)).join(', ')} (a case has ${CASE_KEYS}; a dataset example inputs and outputs)`
                : `${label}: ${String(issue.path[0])} ${issue.message}`)
        };
    }
    const data = parsed.data;
    const problems = [];
    const given = [
        data.message !== undefined && 'message',
        data.input !== undefined && 'input',
        data.inputs !== undefined && 'inputs'
    ].filter((key) => key !== false);
    if (given.length === 0)
        problems.push(`${label} has neither message nor input (what to send the agent)`);
    if (given.length > 1)
        problems.push(`${label} has ${given.join(' and ')}: give only one`);
    const expectation = (key) => {
        const text = data[key];
        if (text === undefined)
            return undefined;
        const result = (0,_lib_expectation__WEBPACK_IMPORTED_MODULE_2__/* .parseExpectation */ .WR)(text);
        if ('expectation' in result)
            return result.expectation;
        problems.push(`${label}: ${key} ${result.problem}`);
        return undefined;
    };
    const expect = expectation('expect');
    const expectNot = expectation('expect-not');
    let maxLatencyMs;
    if (data['max-latency'] !== undefined) {
        maxLatencyMs = (0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .parseDuration */ .E)(String(data['max-latency']));
        if (maxLatencyMs === undefined || maxLatencyMs <= 0)
            problems.push(`${label}: max-latency ${JSON.stringify(data['max-latency'])} is not a positive duration (30s, 1m30s, 500ms)`);
    }
    if (problems.length > 0)
        return { problems };
    const input = data.input ??
        data.inputs ??
        { messages: [{ role: 'human', content: data.message ?? '' }] };
    return {
        case: {
            name: data.name !== undefined && data.name !== '' ? data.name : where,
            input,
            assistant: data.assistant,
            expect,
            expectNot,
            maxLatencyMs,
            reference: data.outputs === undefined ? undefined : referenceText(data.outputs)
        }
    };
}
/** A dataset example's outputs as text: its last message's content when it has messages. */
function referenceText(outputs) {
    const messages = outputs?.messages;
    const last = Array.isArray(messages) ? messages.at(-1) : undefined;
    const content = last?.content ?? outputs;
    const text = typeof content === 'string' ? content : JSON.stringify(content);
    return text.length > MAX_REFERENCE ? `${text.slice(0, MAX_REFERENCE)}…` : text;
}
/** How many of `total` cases must pass. */
function requiredPasses(minPass, total) {
    if (minPass.kind === 'count')
        return minPass.count;
    // The small margin keeps 80% of 10 at 8 whatever the floating point makes of it.
    return Math.ceil((minPass.percent * total) / 100 - 1e-9);
}


/***/ }),

/***/ 2711:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LG: () => (/* binding */ passCount),
/* harmony export */   TI: () => (/* binding */ suiteRender)
/* harmony export */ });
/* unused harmony exports renderSuite, failedCasesText */
/* harmony import */ var _lib_duration__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2543);
/* harmony import */ var _report_kit_shapes__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4701);


/** Characters of a reply's (or reference's) first line in the table. */
const MAX_CELL = 200;
/**
 * The smoke suite in the job summary: the pass count, the latency median and 95th percentile,
 * and a row per case with the first line of its reply (redacted before it is cut and escaped).
 */
function renderSuite(suite, md, redact, 
/** Whose suite it is when the summary shows two: "after the rollback". */
which, 
/** The headline says the count already (the suite failed the run): the table does not again. */
countInHeadline = false) {
    const firstLine = (text) => text === undefined ? '—' : md.cell(redact.cut(redact(text).split(/\r?\n/)[0] ?? '', MAX_CELL));
    const withReference = suite.cases.some((result) => result.reference !== undefined);
    const withLatency = suite.cases.some((result) => result.latencyMs !== undefined);
    // Failed cases first, each group in the file's order.
    const cases = [
        ...suite.cases.filter((result) => !result.passed),
        ...suite.cases.filter((result) => result.passed)
    ];
    const latency = suite.medianMs === undefined
        ? 'No case was answered.'
        : `Latency: median ${seconds(suite.medianMs)}, 95th percentile ${seconds(suite.p95Ms ?? suite.medianMs)}.`;
    const revision = `Revision ${md.code(suite.revisionId.slice(0, 8))}`;
    return [
        countInHeadline
            ? `### Smoke suite${which ? ` ${which}` : ''}: the cases`
            : `### Smoke suite${which ? ` ${which}` : ''}: ${passCount(suite)}`,
        '',
        countInHeadline
            ? `${revision}. ${latency}`
            : `${revision}; smoke.min-pass asks for ${suite.required}. ${latency}`,
        '',
        `| Case | Verdict |${withLatency ? ' Latency |' : ''} Reply (first line) |${withReference ? ' Reference |' : ''}`,
        `|---|---|${withLatency ? '---|' : ''}---|${withReference ? '---|' : ''}`,
        ...cases.map((result) => {
            const verdict = result.passed ? '✅ passed' : `❌ ${md.cell(result.failure ?? 'failed')}`;
            const cells = [md.cell(result.name), verdict];
            if (withLatency)
                cells.push(result.latencyMs === undefined ? '—' : seconds(result.latencyMs));
            cells.push(firstLine(result.reply));
            if (withReference)
                cells.push(firstLine(result.reference));
            return `| ${cells.join(' | ')} |`;
        }),
        ''
    ];
}
function seconds(ms) {
    return (0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(ms, 'fine');
}
/** Failed cases the reason names before the rest are counted. */
const MAX_FAILED_NAMED = 5;
/**
 * The failed cases in one line (raw text, each renderer escapes it), the reason a failed suite
 * gives under the headline that counts them: each name and why it failed (its first line), the
 * first few only and the rest counted; undefined when none failed.
 */
function failedCasesText(suite) {
    const failed = suite.cases.filter((result) => !result.passed);
    if (failed.length === 0)
        return undefined;
    const named = failed.slice(0, MAX_FAILED_NAMED).map((result) => {
        // Not cut here: a cut before redaction could leave half a secret; each renderer cuts after.
        return `${result.name}: ${(result.failure ?? 'failed').split(/\r?\n/)[0] ?? ''}`;
    });
    const more = failed.length - named.length;
    return `${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}
/** "8 of 10 cases passed": the suite's verdict in the log, the summary, the PR comment and GitHub. */
function passCount(report) {
    return `${report.passed} of ${report.cases.length} case${report.cases.length === 1 ? '' : 's'} passed`;
}
/** The smoke suite's renderer row. */
const suiteRender = {
    words: 'smoke suite',
    failedPhrase: (suite) => `smoke suite ${suite.passed}/${suite.cases.length} (needs ${suite.share === undefined ? '' : suite.share === '100%' ? 'all ' : `${suite.share}: `}${suite.required})`,
    failedReason: (suite) => failedCasesText(suite),
    summaryReason: (suite, { md, redact }) => renderSuite(suite, md, redact, undefined, true),
    summary: (suite, { md, redact, afterRollback }) => renderSuite(suite, md, redact, afterRollback ? 'after the rollback' : undefined),
    outputs: (suite) => ({
        'cases-passed': String(suite.passed),
        'cases-failed': String(suite.failed)
    }),
    shapes: { 'cases-passed': _report_kit_shapes__WEBPACK_IMPORTED_MODULE_1__/* .count */ .U9, 'cases-failed': _report_kit_shapes__WEBPACK_IMPORTED_MODULE_1__/* .count */ .U9 }
};


/***/ }),

/***/ 6432:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  w: () => (/* binding */ LISTED_RENDERS),
  U: () => (/* binding */ STEPS)
});

;// CONCATENATED MODULE: ./src/agent-checks/report.ts
/** A reply in the summary, under its label; a brought-back revision's is not shown. */
const reply = (label) => (text, view) => view.afterRollback ? [] : [`### ${label}`, '', view.md.fence([text]), ''];
const assistantRender = { words: 'default assistant lookup' };
const runRender = {
    words: 'reply to a test message',
    summary: reply('The agent replied')
};
const a2aRender = {
    words: 'reply over A2A',
    summary: reply('The agent replied over A2A')
};

// EXTERNAL MODULE: ./src/lib/ids.ts
var ids = __webpack_require__(829);
// EXTERNAL MODULE: ./src/lib/json.ts
var json = __webpack_require__(8453);
;// CONCATENATED MODULE: ./src/assistants/report.ts


// Assistants as code in the report: one table (name, id, graph, result, version before → after,
// the changed key paths), one line in the PR comment, and the `assistants` output. Values are
// never shown: they may hold prompts.
/** Key paths shown per assistant before the rest are counted. */
const MAX_PATHS = 8;
const RESULT_WORDS = {
    created: 'created',
    updated: 'updated',
    unchanged: 'unchanged',
    pinned: 'pinned',
    restored: 'restored'
};
/** The summary's table; `which` says whose it is when the summary shows two. */
function renderAssistants(report, md, redact, which) {
    const text = (value) => md.cell(redact(value));
    // An unchanged one's version once: "1 → 1" reads as a change.
    const versions = (before, after) => before === undefined && after === undefined
        ? '—'
        : before === after
            ? String(after)
            : `${before ?? '—'} → ${after ?? '—'}`;
    const paths = (changed) => changed.length === 0
        ? '—'
        : [
            ...changed.slice(0, MAX_PATHS).map((path) => md.code(redact(path))),
            ...(changed.length > MAX_PATHS ? [`and ${changed.length - MAX_PATHS} more`] : [])
        ].join(', ');
    return [
        `### Assistants${which ? ` ${which}` : ''}${report.planned ? ' (planned; nothing written)' : ''}`,
        '',
        '| Assistant | Id | Graph | Result | Version | Changed |',
        '|---|---|---|---|---|---|',
        ...report.rows.map((row) => {
            const result = row.result === undefined
                ? row.why === undefined
                    ? '—'
                    : `❌ ${text(row.why)}`
                : overwroteHandEdit(row)
                    ? `${RESULT_WORDS[row.result]}, ⚠️ over a hand edit`
                    : RESULT_WORDS[row.result];
            return `| ${text(row.name)} | ${md.code(row.id.slice(0, 8))} | ${row.graphId === undefined ? '—' : text(row.graphId)} | ${result} | ${versions(row.before, row.after)} | ${paths(row.changed)} |`;
        }),
        ''
    ];
}
/** This run wrote over a hand edit of the assistant (an update, `on-drift: overwrite`). */
function overwroteHandEdit(row) {
    return row.result === 'updated' && (row.overwritten?.length ?? 0) > 0;
}
/** Assistants named in the comment's line before the rest are counted. */
const MAX_NAMED = 4;
/**
 * The PR comment's one line: what was done to each assistant that changed, with its versions
 * ("`support` restored 2 → 1"), the unchanged ones counted. `which` says whose it is: after a
 * rollback, what the server holds now.
 */
function assistantsLine(report, md, redact, which) {
    const changed = report.rows.filter((row) => row.result !== 'unchanged');
    const unchanged = report.rows.length - changed.length;
    const named = changed.slice(0, MAX_NAMED).map((row) => {
        const word = row.result === undefined
            ? 'failed'
            : overwroteHandEdit(row)
                ? 'updated over a hand edit'
                : RESULT_WORDS[row.result];
        const versions = row.before !== undefined && row.after !== undefined && row.before !== row.after
            ? ` ${row.before} → ${row.after}`
            : row.after !== undefined
                ? ` (version ${row.after})`
                : '';
        return `${md.code(redact(row.name))} ${word}${versions}`;
    });
    const words = [
        ...named,
        ...(changed.length > MAX_NAMED ? [`${changed.length - MAX_NAMED} more changed`] : []),
        ...(unchanged > 0 ? [`${unchanged} unchanged`] : [])
    ];
    return `**Assistants${which ? ` ${which}` : ''}:** ${words.length > 0 ? words.join(', ') : 'none'}`;
}
/** The `assistants` output: name → {id, version, result}, for the rows with a result. */
function assistantsOutput(report) {
    const entries = report.rows.flatMap((row) => row.result === undefined || row.after === undefined
        ? []
        : [[row.name, { id: row.id, version: row.after, result: row.result }]]);
    return JSON.stringify(Object.fromEntries(entries));
}
/**
 * Assistants whose hand edit this run wrote over, unless a rollback put the edit back: "⚠️ a
 * hand edit to an assistant was written over: `billing` (`config.configurable.temperature`),
 * and 1 more".
 */
function handEditsWrittenOver(payload, afterRollback, md, redact) {
    const restored = new Set((afterRollback?.rows ?? []).filter((row) => row.result === 'restored').map((row) => row.id));
    const over = (payload?.rows ?? []).filter((row) => overwroteHandEdit(row) && !restored.has(row.id));
    const [first] = over;
    if (!first)
        return undefined;
    const paths = (first.overwritten ?? []).map((path) => md.code(redact(path))).join(', ');
    const more = over.length > 1 ? `, and ${over.length - 1} more` : '';
    return `⚠️ A hand edit to an assistant was written over: ${md.code(redact(first.name))} (${paths})${more}.`;
}
const ASSISTANT_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;
const ASSISTANT_RESULTS = [
    'created',
    'updated',
    'unchanged',
    'pinned',
    'restored'
];
/** `assistants`: name → {id, version, result}; names the entries' rule, ids UUIDs, versions whole. */
const assistantsShape = (value) => {
    const parsed = (0,json/* parseJson */.q)(value);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        return { problem: 'it is not a JSON object' };
    for (const [name, row] of Object.entries(parsed)) {
        if (!ASSISTANT_NAME.test(name))
            return { problem: "it holds a name outside the entries' rule" };
        if (typeof row !== 'object' || row === null || Array.isArray(row))
            return { problem: `its ${name} is not an object` };
        const { id, version, result, ...rest } = row;
        if (Object.keys(rest).length > 0)
            return { problem: `its ${name} holds more than id, version, result` };
        if (typeof id !== 'string' || !ids/* UUID */.k.test(id))
            return { problem: `its ${name} has an id that is not a UUID` };
        if (!Number.isSafeInteger(version))
            return { problem: `its ${name} has a version that is not a whole number` };
        if (!ASSISTANT_RESULTS.includes(result))
            return { problem: `its ${name} has an unknown result` };
    }
    return { value };
};
/** Assistants as code's renderer row. */
const assistantsRender = {
    words: 'writing the assistants',
    summary: (report, { md, redact, afterRollback }) => renderAssistants(report, md, redact, afterRollback ? 'after the rollback' : undefined),
    comment: (report, { md, redact, afterRollback }) => [
        '',
        assistantsLine(report, md, redact, afterRollback ? 'after the rollback' : undefined),
        ''
    ],
    outputs: (report) => (report.planned ? {} : { assistants: assistantsOutput(report) }),
    outputsAfterRollback: true,
    risk: { order: 2, line: handEditsWrittenOver },
    shapes: { assistants: assistantsShape }
};

// EXTERNAL MODULE: ./src/report-kit/shapes.ts
var shapes = __webpack_require__(4701);
// EXTERNAL MODULE: ./src/bake/words.ts
var words = __webpack_require__(1576);
;// CONCATENATED MODULE: ./src/bake/report.ts
/**
 * The bake window as people see it: in the summary its table (metric, this revision, previous,
 * bound, verdict), its reads as a small chart over elapsed time and the project's traces; in the
 * PR comment one line (the verdict and the metric that decided) with the table collapsed; a few
 * words for the GitHub status; the outputs `bake-passed` and `bake-stats`. The payload is
 * numbers and fixed words; the one text a link is made of is checked here (the web URL is the
 * input's, the ids must be UUIDs).
 */




const VERDICT_WORDS = {
    pass: 'passed',
    fail: 'failed',
    inconclusive: 'could not conclude'
};
const MARKS = {
    pass: '✅ pass',
    fail: '❌ fail',
    inconclusive: '⚠️ could not conclude',
    skipped: '➖ skipped'
};
const valueWords = (metric, value) => metric === 'error-rate' ? (0,words/* rateWords */.c5)(value) : (0,words/* secondsWords */.dB)(value);
/** "error rate 17.08% > 5% allowed": a missed bound with a sign that cannot read as met. */
function decidedWords(decided) {
    const value = `${(0,words/* metricWords */.yh)(decided)} ${valueWords(decided.metric, decided.value)}`;
    if (decided.verdict === 'fail')
        return `${value} > ${decided.bound.replace(/^≤ /, '')} allowed`;
    return `${value} (bound ${decided.bound})`;
}
/** How the bake ended, in a few words: "failed: error rate 7.5% > 5% allowed". */
function endWords(report) {
    if (report.cutShort)
        return `cut short after ${(0,words/* lengthWords */.up)(watchedMs(report))} (cancelled)`;
    const decided = report.decided;
    const runs = report.window ? `, ${report.window.runs} runs` : '';
    if (report.verdict === 'pass')
        return `passed (${(0,words/* lengthWords */.up)(report.durationMs)}${runs})`;
    if (decided)
        return `${VERDICT_WORDS[report.verdict]}: ${decidedWords(decided)}`;
    return VERDICT_WORDS[report.verdict];
}
/**
 * How much of the window the reads covered: up to the last read's end (the settling time after
 * it is not watching), never more than the window.
 */
function watchedMs(report) {
    const covered = report.cutShort ? report.watchedMs : (report.reads.at(-1)?.elapsedMs ?? 0);
    return Math.min(report.durationMs, Math.max(0, covered));
}
/** The GitHub status's few words. */
function bakeStatusLine(report) {
    return `bake ${endWords(report)}`;
}
/** The previous window's value of a metric, when it was read: every row shows it. */
function previousOf(report, row) {
    if (row.previous !== null)
        return row.previous;
    const previous = report.previous;
    if (previous === null)
        return null;
    return row.metric === 'error-rate'
        ? previous.errorRate
        : row.metric === 'p50'
            ? previous.p50
            : previous.p99;
}
function table(report) {
    if (report.rows.length === 0)
        return [];
    return [
        '| Metric | This revision | Previous | Bound | Verdict |',
        '|---|---|---|---|---|',
        ...report.rows.map((row) => `| ${(0,words/* metricWords */.yh)(row)} | ${valueWords(row.metric, row.value)} | ${valueWords(row.metric, previousOf(report, row))} | ${row.bound} | ${MARKS[row.verdict]} |`),
        ''
    ];
}
/**
 * A read's elapsed time as a tick: whole seconds or minutes (`20s`, `3m`), in the action's one
 * style of durations.
 */
const tickWords = (ms) => (0,words/* lengthWords */.up)(ms);
/**
 * The chart's look: small, and its lines in a blue that stands out on white for the metric and
 * a red for its bound (mermaid's default theme draws its first line in a near-white).
 */
const CHART_LOOK = '{init: {"xyChart": {"height": 260, "width": 640}, "themeVariables": {"xyChart": {"plotColorPalette": "#0969da, #cf222e"}}}}';
/**
 * The reads as a small chart over elapsed time: the metric of the first absolute bound (the
 * error rate, else a latency), with that bound drawn as a second line.
 */
function chart(report) {
    const answered = report.reads.filter((read) => read.stats !== null);
    if (answered.length < 2)
        return [];
    const charted = report.rows.find((row) => !row.relative && row.metric === 'error-rate') ??
        report.rows.find((row) => !row.relative);
    const metric = charted?.metric ?? 'error-rate';
    const scale = metric === 'error-rate' ? 100 : 1;
    const valueOf = (stats) => metric === 'error-rate' ? stats.errorRate : metric === 'p50' ? stats.p50 : stats.p99;
    const values = answered.map((read) => Number(((valueOf(read.stats) ?? 0) * scale).toFixed(2)));
    const bound = charted?.limit === undefined ? undefined : Number((charted.limit * scale).toFixed(2));
    // Headroom above the highest line, so neither runs along the chart's top edge.
    const top = Math.max(1, ...values, ...(bound === undefined ? [] : [bound])) * 1.2;
    const label = metric === 'error-rate' ? 'error rate (%)' : `${metric} (seconds)`;
    return [
        '```mermaid',
        `%%${CHART_LOOK}%%`,
        'xychart-beta',
        `    title "The window's ${label}${bound === undefined ? '' : ', and its bound'}"`,
        `    x-axis "time since the bake began" [${answered.map((read) => `"${tickWords(read.elapsedMs)}"`).join(', ')}]`,
        `    y-axis "${label}" 0 --> ${Math.ceil(top)}`,
        `    line [${values.join(', ')}]`,
        ...(bound === undefined ? [] : [`    line [${answered.map(() => bound).join(', ')}]`]),
        '```',
        ''
    ];
}
/** The project's traces, when `tracing-web-url` was given and the ids are UUIDs. */
function tracesUrl(report) {
    const project = report.project;
    if (!project?.webUrl || !ids/* UUID */.k.test(project.id))
        return undefined;
    if (project.tenantId === null || !ids/* UUID */.k.test(project.tenantId))
        return undefined;
    if (!/^https?:\/\//.test(project.webUrl))
        return undefined;
    return `${project.webUrl.replace(/\/+$/, '')}/o/${project.tenantId}/projects/p/${project.id}`;
}
/** The summary's section. */
function renderBake(report, md, options = {}) {
    const started = new Date(report.startedAt).toISOString().slice(11, 19);
    const reads = `${report.answered} of ${report.reads.length} reads answered`;
    const link = tracesUrl(report);
    const drawn = chart(report);
    return [
        `### Bake window: ${md.cell(endWords(report))}`,
        '',
        md.paragraph(`Watched ${(0,words/* lengthWords */.up)(watchedMs(report))} of the ${(0,words/* lengthWords */.up)(report.durationMs)} window from ${started} UTC, read every ${(0,words/* lengthWords */.up)(report.intervalMs)}; ${reads}.${report.cutShort ? ' The bake was cut short by a cancel: no verdict on the revision.' : ''}`),
        '',
        // When the bake failed the run, its why already stands under the headline: said once.
        ...(report.why !== undefined && !options.failedHere ? [md.paragraph(report.why), ''] : []),
        ...table(report),
        // The chart is a detail under the table, as every chart of the summary is.
        ...(drawn.length > 0
            ? ['<details><summary>The reads over time</summary>', '', ...drawn, '</details>', '']
            : []),
        ...(link ? [md.linkAs("The project's traces ↗", link), ''] : [])
    ];
}
/**
 * The PR comment's one line, the table collapsed beneath it (an HTML block runs to the next
 * blank line, so one follows it). When the bake failed the run, the headline and the reason
 * already say its verdict and metric: the table alone.
 */
function renderBakeLine(report, md, options = {}) {
    const rows = table(report);
    return [
        '',
        ...(options.failedHere ? [] : [md.paragraph(`Bake window: ${endWords(report)}`), '']),
        ...(rows.length > 0
            ? ['<details><summary>The bake window</summary>', '', ...rows, '</details>', '']
            : [])
    ];
}
/** `bake-passed` and `bake-stats`: whole numbers, numbers, null and fixed words only. */
function bakeOutputs(report) {
    const stats = (window) => ({
        runs: window?.runs ?? null,
        'error-rate': window?.errorRate ?? null,
        p50: window?.p50 ?? null,
        p99: window?.p99 ?? null
    });
    return {
        'bake-passed': String(report.verdict === 'pass' && !report.cutShort),
        'bake-stats': JSON.stringify({
            window: stats(report.window),
            previous: report.previous === null ? null : stats(report.previous),
            reads: report.answered,
            verdict: report.cutShort ? 'inconclusive' : report.verdict
        })
    };
}
const WINDOW_FIELDS = ['runs', 'error-rate', 'p50', 'p99'];
/** A window of `bake-stats`: a whole run count, a rate 0–1 and latencies ≥ 0, or nulls. */
function bakeWindow(window) {
    if (typeof window !== 'object' || window === null || Array.isArray(window))
        return false;
    const fields = Object.keys(window);
    if (fields.length !== WINDOW_FIELDS.length || !WINDOW_FIELDS.every((f) => fields.includes(f)))
        return false;
    const { runs, 'error-rate': rate, p50, p99 } = window;
    const atLeast0 = (value) => value === null || ((0,shapes/* numberOrNull */.wD)(value) && value >= 0);
    return ((runs === null || (Number.isInteger(runs) && runs >= 0)) &&
        atLeast0(rate) &&
        (rate === null || rate <= 1) &&
        atLeast0(p50) &&
        atLeast0(p99));
}
/** `bake-stats`: `{window, previous, reads, verdict}` in exactly that shape. */
const bakeStats = (value) => {
    const stats = (0,json/* parseJson */.q)(value);
    if (typeof stats !== 'object' || stats === null || Array.isArray(stats))
        return { problem: 'it is not a JSON object' };
    const fields = Object.keys(stats).sort().join();
    if (fields !== 'previous,reads,verdict,window')
        return { problem: 'it does not hold exactly window, previous, reads, verdict' };
    const { window, previous, reads, verdict } = stats;
    if (!bakeWindow(window) || !(previous === null || bakeWindow(previous)))
        return { problem: 'a window holds a value out of range' };
    if (!Number.isInteger(reads) || reads < 0)
        return { problem: 'its reads is not a count' };
    if (!shapes/* KEY_VERDICTS */.jO.includes(verdict))
        return { problem: 'it has an unknown verdict' };
    return { value };
};
/** The bake window's renderer row. */
const bakeRender = {
    words: 'bake window',
    failedPhrase: (bake) => bakeStatusLine(bake),
    summary: (bake, { md, failedHere }) => renderBake(bake, md, { failedHere }),
    comment: (bake, { md, failedHere }) => renderBakeLine(bake, md, { failedHere }),
    status: (bake) => bakeStatusLine(bake),
    outputs: (bake) => bakeOutputs(bake),
    shapes: { 'bake-passed': shapes/* flag */.Jt, 'bake-stats': bakeStats }
};

// EXTERNAL MODULE: ./src/evaluation/report.ts
var report = __webpack_require__(3162);
// EXTERNAL MODULE: ./src/smoke/report.ts
var smoke_report = __webpack_require__(2711);
// EXTERNAL MODULE: ./src/threads/payload.ts
var threads_payload = __webpack_require__(5092);
;// CONCATENATED MODULE: ./src/threads/report.ts


// Parked threads in the report: one line in the PR comment, a block in the summary, the ⚠️ line
// for threads this run left stranded, and the `parked-threads` output. Never a state or an
// interrupt value (users' data): ids cut to 8 characters, names only in the output's shape.
const report_VERDICT_WORDS = {
    pass: 'none stranded',
    fail: 'incompatible',
    warn: 'incompatible (a warning)',
    inconclusive: 'could not conclude'
};
const threadCount = (count) => `${count} thread${count === 1 ? '' : 's'}`;
/** Read of total: "12 of 40 read" when sampled, "3 read" otherwise. */
function readWords(payload) {
    return payload.read < payload.total
        ? `${payload.read} of ${payload.total} read`
        : `${payload.read} read`;
}
/** The threads judged incompatible, each thread once. */
const strandedIds = (payload) => [
    ...new Set(payload.incompatible.map((entry) => entry.thread))
];
/** The canaries that did not pass. */
const failedCanaries = (payload) => payload.canary.filter((canary) => canary.verdict !== 'pass');
/** What failed the check is known from what it read: threads it strands, canaries that failed. */
const failedOnWhatItRead = (payload) => payload.verdict === 'fail' &&
    (payload.incompatible.length > 0 || failedCanaries(payload).length > 0);
/**
 * The headline's words when threads the release strands or canaries failed it: "3 parked threads
 * stranded", "1 parked thread stranded, 1 canary failed".
 */
function threadsFailedPhrase(payload) {
    if (!failedOnWhatItRead(payload))
        return undefined;
    const stranded = strandedIds(payload).length;
    const canaries = failedCanaries(payload).length;
    return [
        ...(stranded > 0 ? [`${stranded} parked thread${stranded === 1 ? '' : 's'} stranded`] : []),
        ...(canaries > 0 ? [`${canaries} canar${canaries === 1 ? 'y' : 'ies'} failed`] : [])
    ].join(', ');
}
/**
 * The reason's sentence after its label ("Parked threads failed:"), which says the check's name
 * already: "4 read, the release strands 3: 60e0dffb at agent/approval (its node is gone), …;
 * canary reject failed (its reply does not contain …)".
 */
function threadsFailedReason(payload) {
    if (!failedOnWhatItRead(payload))
        return undefined;
    const of = payload.read < payload.total
        ? `on the ${payload.read} newest of ${payload.total}`
        : `${payload.read} read`;
    const stranded = strandedIds(payload).length;
    const canaries = failedCanaries(payload);
    return `${[
        stranded > 0
            ? `${of}, the release strands ${stranded}: ${(0,threads_payload/* someOf */.yU)(payload.incompatible.map(threads_payload/* incompatibilityWords */.xh))}`
            : `${of}, none stranded`,
        ...(canaries.length > 0
            ? [
                `canar${canaries.length === 1 ? 'y' : 'ies'} ${(0,threads_payload/* someOf */.yU)(canaries.map((canary) => `${canary.name} failed (${canary.why ?? 'no reason given'})`))}`
            ]
            : [])
    ].join('; ')}.`;
}
/** Where the incompatible threads wait: "`agent`/`approval`", "`agent` key `tier`". */
function whereWords(payload, md) {
    return [
        ...new Set(payload.incompatible.map((entry) => entry.key !== undefined
            ? `${md.code((0,threads_payload/* shown */.SP)(entry.graph) ?? '?')} key ${md.code((0,threads_payload/* shown */.SP)(entry.key) ?? '?')}`
            : `${md.code((0,threads_payload/* shown */.SP)(entry.graph) ?? '?')}/${md.code((0,threads_payload/* shown */.SP)(entry.node) ?? '?')}`))
    ];
}
/**
 * What the re-read after a rollback found: "3 threads wait again; 1 answered while the new code
 * served, its answer lost: `60e0dffb` (ask its user again)"; `named` false leaves the ids to the
 * ⚠️ line (the PR comment).
 */
function afterRollbackWords(payload, md, named = true) {
    // The re-read did not answer (its warning says why): nothing is known of them.
    if (payload.waitingAgain === undefined)
        return 'not read again after the rollback';
    const again = payload.waitingAgain.length;
    const lost = payload.answeredLost ?? [];
    const its = lost.length === 1 ? 'its' : 'their';
    const ids = (0,threads_payload/* someOf */.yU)(lost.map((id) => md.code((0,threads_payload/* shortId */.m_)(id) ?? '?')), 3);
    return [
        `${threadCount(again)} wait${again === 1 ? 's' : ''} again`,
        ...(lost.length === 0
            ? []
            : named
                ? [
                    `${lost.length} answered while the new code served, ${its} answer lost: ${ids} (ask ${its} user${lost.length === 1 ? '' : 's'} again)`
                ]
                : [`${lost.length} answered while the new code served (${its} answer lost)`])
    ].join('; ');
}
/**
 * "Parked threads: 12 of 40 read; strands 2 at `agent`/`approval`.", and after a rollback
 * "…: rolled back, 2 threads wait again; 1 answered while the new code served, …".
 */
function threadsLine(payload, md, view) {
    const stranded = strandedIds(payload);
    const what = stranded.length > 0
        ? `strands ${stranded.length} at ${(0,threads_payload/* someOf */.yU)(whereWords(payload, md), 3)}`
        : report_VERDICT_WORDS[payload.verdict];
    const rolledBack = view.afterRollback
        ? `: rolled back, ${afterRollbackWords(payload, md, false)}`
        : '';
    return [
        '',
        `Parked threads: ${readWords(payload)}; ${what}${canaryWords(payload, md)}${rolledBack}.`,
        ''
    ];
}
/** "; canary `approve` failed": the canaries whose reply failed, in the comment's line. */
function canaryWords(payload, md) {
    const failed = payload.canary.filter((entry) => entry.verdict !== 'pass');
    if (failed.length === 0)
        return '';
    const names = (0,threads_payload/* someOf */.yU)(failed.map((entry) => md.code((0,threads_payload/* shown */.SP)(entry.name) ?? '?')), 3);
    return `; canar${failed.length === 1 ? 'y' : 'ies'} ${names} failed`;
}
/** The summary's block: read of total, the parked nodes, the incompatible threads, the rest. */
function renderThreads(payload, md, redact, view) {
    const cell = (value) => md.cell(redact(value ?? '?'));
    // The threads and their tables are this run's block above: only what the re-read found here.
    if (view.afterRollback)
        return ['### Parked threads after the rollback', '', `${afterRollbackWords(payload, md)}.`, ''];
    const stranded = strandedIds(payload).length;
    const verdict = stranded > 0 ? `${stranded} ${report_VERDICT_WORDS[payload.verdict]}` : report_VERDICT_WORDS[payload.verdict];
    const lines = ['### Parked threads', '', `${readWords(payload)}: ${verdict}.`, ''];
    if (payload.parked.length > 0)
        lines.push('| graph | node | threads |', '|---|---|---|', ...payload.parked.map((entry) => `| ${cell((0,threads_payload/* shown */.SP)(entry.graph))} | ${cell((0,threads_payload/* shown */.SP)(entry.node))} | ${entry.threads} |`), '');
    if (payload.incompatible.length > 0)
        lines.push('| thread | graph | node or key | why |', '|---|---|---|---|', ...payload.incompatible.map((entry) => {
            const at = entry.key !== undefined ? `key ${cell((0,threads_payload/* shown */.SP)(entry.key))}` : cell((0,threads_payload/* shown */.SP)(entry.node));
            const why = (0,threads_payload/* incompatibilityWords */.xh)(entry)
                .replace(/^.* \(/, '')
                .replace(/\)$/, '');
            return `| ${md.code((0,threads_payload/* shortId */.m_)(entry.thread) ?? '?')} | ${cell((0,threads_payload/* shown */.SP)(entry.graph))} | ${at} | ${md.cell(why)} |`;
        }), '');
    const counted = [
        [payload.movedOn.length, 'answered meanwhile'],
        [payload.deleted.length, 'deleted meanwhile'],
        [payload.tooLarge.length, 'too large to judge']
    ];
    const rest = counted.filter(([count]) => count > 0);
    if (rest.length > 0)
        lines.push(rest.map(([count, words]) => `${threadCount(count)} ${words}`).join('; ') + '.', '');
    // The canaries ran on this run's revision only. A reply is the agent's text: redacted and
    // escaped as a cell, its first line only.
    if (payload.canary.length > 0 && !view.afterRollback)
        lines.push('| canary | verdict | reply |', '|---|---|---|', ...payload.canary.map((entry) => `| ${cell((0,threads_payload/* shown */.SP)(entry.name))} | ${entry.verdict} | ${entry.reply === undefined ? '—' : cell(redact(entry.reply).split(/\r?\n/)[0] ?? '')} |`), '');
    return lines;
}
/**
 * The ⚠️ line for threads this run left stranded (none when a rollback brought them back to
 * their node): "⚠️ Parked threads left stranded: `1a2b3c4d` at `agent`/`approval`, and 2 more."
 */
function strandedLine(payload, afterRollback, md) {
    if (payload === undefined)
        return undefined;
    const lost = afterRollback?.answeredLost ?? [];
    const back = new Set([...(afterRollback?.waitingAgain ?? []), ...lost]);
    const left = strandedIds(payload).filter((id) => !back.has(id));
    const first = payload.incompatible.find((entry) => entry.thread === left[0]);
    const more = (count) => (count > 1 ? `, and ${count - 1} more` : '');
    // Back at their node after a rollback, but their users' answers given meanwhile are lost.
    if (!first)
        return lost.length === 0
            ? undefined
            : `⚠️ Parked threads answered while the new code served, ${lost.length === 1 ? 'its answer' : 'their answers'} lost: ${md.code((0,threads_payload/* shortId */.m_)(lost[0] ?? '') ?? '?')}${more(lost.length)}; ask ${lost.length === 1 ? 'its user' : 'their users'} again.`;
    const [at = '?'] = whereWords({ ...payload, incompatible: [first] }, md);
    return `⚠️ Parked threads left stranded: ${md.code((0,threads_payload/* shortId */.m_)(first.thread) ?? '?')} at ${at}${more(left.length)}.`;
}
/** The `parked-threads` output, in its shape only. */
const threadsOutputs = (payload) => ({
    'parked-threads': JSON.stringify((0,threads_payload/* parkedThreadsOutput */.wN)(payload))
});
/** `parked-threads`: the spec's shape, names in their rule, thread ids 8 hex characters. */
const parkedThreadsShape = (value) => threads_payload/* parkedThreadsOutputSchema */.LY.safeParse((0,json/* parseJson */.q)(value)).success
    ? { value }
    : { problem: 'it is not in the shape of parked-threads' };
/** Parked threads' renderer row. */
const threadsRender = {
    words: 'parked threads',
    failedPhrase: (payload) => threadsFailedPhrase(payload),
    failedReason: (payload) => threadsFailedReason(payload),
    warned: (payload) => payload.verdict === 'warn',
    summary: (payload, { md, redact, afterRollback }) => renderThreads(payload, md, redact, { afterRollback }),
    comment: (payload, { md, afterRollback }) => threadsLine(payload, md, { afterRollback }),
    outputs: (payload) => threadsOutputs(payload),
    // After a rollback its payload is this run's and what the re-read found: the comment says both.
    outputsAfterRollback: true,
    shapes: { 'parked-threads': parkedThreadsShape },
    risk: { order: 1, line: (payload, afterRollback, md) => strandedLine(payload, afterRollback, md) }
};

;// CONCATENATED MODULE: ./src/steps.ts






// The step folders' steps by name, in the order they run after the frame's own: each with its
// renderer row, which every run loads with the report, and its row, which the runner loads when a
// run deploys (../after-deploy/checks.ts). The report's rows, the outputs' shapes, the payloads by
// step name and the runner's rows are all made from this list. A new step is its folder and a
// line here.
/** A listed step: its renderer row (one that sets outputs gives each one's shape), its row. */
const listed = (render, row) => ({ render, row });
// The rows load in the chunk of the run's execution (../main.ts names it so), which loads them: in
// a chunk of their own they would carry copies of the step kit and the clients it shares.
const agentChecks = () => Promise.all(/* import() | execute */[__webpack_require__.e(996), __webpack_require__.e(920)]).then(__webpack_require__.bind(__webpack_require__, 672));
const STEPS = {
    assistants: listed(assistantsRender, () => Promise.all(/* import() | execute */[__webpack_require__.e(996), __webpack_require__.e(920)]).then(__webpack_require__.bind(__webpack_require__, 8227)).then((m) => m.assistantsStep)),
    threads: listed(threadsRender, () => Promise.all(/* import() | execute */[__webpack_require__.e(996), __webpack_require__.e(920)]).then(__webpack_require__.bind(__webpack_require__, 2923)).then((m) => m.threadsStep)),
    assistant: listed(assistantRender, () => agentChecks().then((m) => m.assistantStep)),
    run: listed(runRender, () => agentChecks().then((m) => m.runStep)),
    a2a: listed(a2aRender, () => agentChecks().then((m) => m.a2aStep)),
    suite: listed(smoke_report/* suiteRender */.TI, () => Promise.all(/* import() | execute */[__webpack_require__.e(996), __webpack_require__.e(920)]).then(__webpack_require__.bind(__webpack_require__, 8603)).then((m) => m.suiteStep)),
    gate: listed(report/* gateRender */.gc, () => Promise.all(/* import() | execute */[__webpack_require__.e(996), __webpack_require__.e(920)]).then(__webpack_require__.bind(__webpack_require__, 8782)).then((m) => m.gateStep)),
    bake: listed(bakeRender, () => Promise.all(/* import() | execute */[__webpack_require__.e(996), __webpack_require__.e(920)]).then(__webpack_require__.bind(__webpack_require__, 4595)).then((m) => m.bakeStep))
};
/** Each listed step's renderer row, by its name. */
const LISTED_RENDERS = Object.fromEntries(Object.entries(STEPS).map(([name, step]) => [name, step.render]));


/***/ }),

/***/ 5092:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LY: () => (/* binding */ parkedThreadsOutputSchema),
/* harmony export */   SP: () => (/* binding */ shown),
/* harmony export */   h4: () => (/* binding */ parkedNodes),
/* harmony export */   m_: () => (/* binding */ shortId),
/* harmony export */   wN: () => (/* binding */ parkedThreadsOutput),
/* harmony export */   xh: () => (/* binding */ incompatibilityWords),
/* harmony export */   yU: () => (/* binding */ someOf)
/* harmony export */ });
/* unused harmony export OUTPUT_NAME */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2857);

/** A name as an output may carry it. */
const OUTPUT_NAME = /^[A-Za-z0-9_.:-]{1,128}$/;
/** A server's name where an output or a sentence may carry it: null when of another shape. */
const shown = (name) => name !== undefined && OUTPUT_NAME.test(name) ? name : null;
/** A thread as people and outputs see it: its id's first 8 characters, hex only. */
function shortId(id) {
    const short = id.slice(0, 8);
    return /^[0-9a-f]{8}$/i.test(short) ? short.toLowerCase() : null;
}
/** Where the threads wait, per graph and node. */
function parkedNodes(threads) {
    const counts = new Map();
    for (const thread of threads)
        for (const node of thread.nodes) {
            const graph = thread.graph ?? '';
            const key = JSON.stringify([graph, node]);
            const entry = counts.get(key) ?? { graph, node, threads: 0 };
            entry.threads += 1;
            counts.set(key, entry);
        }
    return [...counts.values()];
}
const name = zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().regex(OUTPUT_NAME).nullable();
const verdict = zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['pass', 'fail', 'warn', 'inconclusive']);
const whole = zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig().int().min(0);
/** The `parked-threads` output's shape: what the outputs' shape check holds it to. */
const parkedThreadsOutputSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
    read: whole,
    total: whole,
    parked: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({ graph: name, node: name, threads: whole })),
    incompatible: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([
        zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
            thread: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()
                .regex(/^[0-9a-f]{8}$/)
                .nullable(),
            graph: name,
            node: name,
            why: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['node', 'graph', 'stranded'])
        }),
        zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({
            thread: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP()
                .regex(/^[0-9a-f]{8}$/)
                .nullable(),
            graph: name,
            key: name,
            why: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['required', 'type'])
        })
    ])),
    'moved-on': whole,
    deleted: whole,
    canary: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .strictObject */ .rej({ name, verdict })),
    verdict
});
/** The `parked-threads` output (spec: Parked threads), in its shape only. */
function parkedThreadsOutput(payload) {
    return {
        read: payload.read,
        total: payload.total,
        parked: payload.parked.map((entry) => ({
            graph: shown(entry.graph),
            node: shown(entry.node),
            threads: entry.threads
        })),
        incompatible: payload.incompatible.map((entry) => ({
            thread: shortId(entry.thread),
            graph: shown(entry.graph),
            ...(entry.key !== undefined ? { key: shown(entry.key) } : { node: shown(entry.node) }),
            why: entry.why
        })),
        'moved-on': payload.movedOn.length,
        deleted: payload.deleted.length,
        canary: payload.canary.map((entry) => ({
            name: shown(entry.name),
            verdict: entry.verdict
        })),
        verdict: payload.verdict
    };
}
/** At most `most` names, then "and N more" (the log never lists every thread). */
function someOf(names, most = 20) {
    const listed = names.slice(0, most).join(', ');
    return names.length > most ? `${listed} and ${names.length - most} more` : listed;
}
/** One incompatibility in words: `1a2b3c4d at agent/approval (node gone)`. */
function incompatibilityWords(entry) {
    const where = `${shown(entry.graph) ?? '?'}${entry.key !== undefined ? ` key ${shown(entry.key) ?? '?'}` : entry.node !== undefined ? `/${shown(entry.node) ?? '?'}` : ''}`;
    return `${shortId(entry.thread) ?? '?'} at ${where} (${WHY_WORDS[entry.why]})`;
}
const WHY_WORDS = {
    node: 'its node is gone',
    required: 'a key newly required that it lacks',
    type: 'a value the new schema no longer admits',
    graph: 'its graph is gone',
    stranded: 'read again, it no longer waits at its node'
};


/***/ }),

/***/ 8432:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Kk: () => (/* binding */ earlierRange),
/* harmony export */   RP: () => (/* binding */ expectedEndAt),
/* harmony export */   ot: () => (/* binding */ expectedEndDescription),
/* harmony export */   oz: () => (/* binding */ progressLine),
/* harmony export */   qo: () => (/* binding */ clockTime)
/* harmony export */ });
/* unused harmony export expectedEnd */
/* harmony import */ var _lib_duration__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2543);

/** A moment as people read it in a log: `12:04:30 UTC` (runners log in UTC). */
function clockTime(epochMs) {
    return `${new Date(epochMs).toISOString().slice(11, 19)} UTC`;
}
/** When the revision likely ends: its start plus the median of the earlier ones. */
function expectedEndAt(basis) {
    return basis.startedAt + basis.medianMs;
}
/** When the revision counts as late: it has taken longer than the longest earlier one. */
function usualEndAt(basis) {
    return basis.startedAt + basis.longestMs;
}
/** `4m 05s–4m 30s`, or one duration when the earlier builds took the same (or there was one). */
function earlierRange(basis) {
    const shortest = (0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(basis.shortestMs);
    const longest = (0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(basis.longestMs);
    return shortest === longest ? shortest : `${shortest}–${longest}`;
}
/** `expected around 12:04:30 UTC (in ~3m 10s)`, or `(due now)` once that moment has come. */
function expectedEnd(basis, at) {
    const end = expectedEndAt(basis);
    const left = end - at;
    return `expected around ${clockTime(end)} (${left >= 1_000 ? `in ~${(0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(left)}` : 'due now'})`;
}
/**
 * The log line of a progress event; `totalMs` is the time the run has taken so far. The status
 * comes from the service: the log escapes it (../report/log.ts).
 */
function progressLine(event, totalMs) {
    const total = (0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(totalMs);
    switch (event.kind) {
        case 'started':
            return event.basis
                ? `Earlier builds took ${earlierRange(event.basis)}; ${expectedEnd(event.basis, event.at)}.`
                : undefined;
        case 'heartbeat': {
            if (event.status === undefined)
                return `Still waiting for the first status: ${total} in all.`;
            const still = `Still ${event.status}: ${(0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(event.inStatusMs)}, ${total} in all`;
            if (!event.basis)
                return `${still}.`;
            const late = event.at - usualEndAt(event.basis);
            return late > 0
                ? `${still}; running ${(0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(late)} past the usual (earlier builds took ${earlierRange(event.basis)}).`
                : `${still}; ${expectedEnd(event.basis, event.at)}.`;
        }
        case 'late':
            return `Running past the usual: earlier builds took ${earlierRange(event.basis)}, this one is still ${event.status} after ${(0,_lib_duration__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(event.at - event.basis.startedAt)}.`;
    }
}
/** The GitHub deployment's in_progress description (at most 140 characters once escaped). */
function expectedEndDescription(basis, at) {
    if (!basis)
        return 'Waiting for the revision';
    return `Waiting for the revision; ${expectedEnd(basis, at)}; earlier builds took ${earlierRange(basis)}`;
}


/***/ }),

/***/ 6123:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gh: () => (/* binding */ judgeStatus),
/* harmony export */   hU: () => (/* binding */ phaseOf)
/* harmony export */ });
/* unused harmony exports STATUSES, FINAL_STATUSES */
const STATUSES = {
    CREATING: { verdict: 'waiting', phase: 'build' },
    QUEUED: { verdict: 'waiting', phase: 'build' },
    AWAITING_BUILD: { verdict: 'waiting', phase: 'build' },
    BUILDING: { verdict: 'waiting', phase: 'build' },
    AWAITING_DEPLOY: { verdict: 'waiting', phase: 'deploy' },
    DEPLOYING: { verdict: 'waiting', phase: 'deploy' },
    UNKNOWN: { verdict: 'waiting' },
    DEPLOYED: { verdict: 'deployed', phase: 'deploy' },
    CREATE_FAILED: { verdict: 'failed', phase: 'build' },
    BUILD_FAILED: { verdict: 'failed', phase: 'build' },
    DEPLOY_FAILED: { verdict: 'failed', phase: 'deploy' },
    INTERRUPTED: { verdict: 'failed' },
    SKIPPED: { verdict: 'superseded' }
};
function meaningOf(status) {
    return Object.hasOwn(STATUSES, status) ? STATUSES[status] : undefined;
}
function judgeStatus(status) {
    return meaningOf(status)?.verdict ?? 'waiting';
}
/** The statuses that end the wait, for people and tests. */
const FINAL_STATUSES = Object.keys(STATUSES).filter((status) => STATUSES[status].verdict !== 'waiting');
/**
 * The phase whose logs explain how a revision ended: that of the newest status seen that names
 * one (statuses oldest first); a revision that was never seen past its start is in its build.
 */
function phaseOf(statusesSeen) {
    for (let index = statusesSeen.length - 1; index >= 0; index--) {
        const phase = meaningOf(statusesSeen[index] ?? '')?.phase;
        if (phase)
            return phase;
    }
    return 'build';
}


/***/ })

};

//# sourceMappingURL=407.index.js.map