export const id = 810;
export const ids = [810];
export const modules = {

/***/ 7609:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   U: () => (/* binding */ retryingExchange),
/* harmony export */   e: () => (/* binding */ AgentReadError)
/* harmony export */ });
/* harmony import */ var _control_plane_errors__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4007);
/* harmony import */ var _control_plane_retry__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7224);
/* harmony import */ var _control_plane_status_policy__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3233);
/* harmony import */ var _control_plane_transport__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9747);
/* harmony import */ var _exchange__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7882);





/** A read that failed: no answer, a status other than 2xx or 404, or an answer of another shape. */
class AgentReadError extends Error {
    method;
    path;
    failure;
    detail;
    status;
    constructor(method, path, 
    /** What went wrong, in the terms of the one status table. */
    failure, 
    /** For people: the server's detail (untrusted) or the transport's reason. */
    detail, 
    /** The status of the answer, when one came. */
    status = failure.kind === 'status' ? failure.status : undefined) {
        super(`${method} ${path} ${failure.kind === 'status' ? `answered ${failure.status}` : 'failed'}: ${detail}`);
        this.method = method;
        this.path = path;
        this.failure = failure;
        this.detail = detail;
        this.status = status;
        this.name = 'AgentReadError';
    }
}
/**
 * Sends a request until it is answered or a failure is not worth another attempt. Returns the
 * parsed answer or the status of a non-2xx answer; throws the last failure otherwise.
 */
async function retryingExchange(server, settings, request) {
    const maxAttempts = settings.maxAttempts ?? 5;
    const backoff = settings.backoff ?? { baseMs: 1_000, maxMs: 20_000 };
    const random = settings.random ?? Math.random;
    const pause = server.sleep ?? _control_plane_retry__WEBPACK_IMPORTED_MODULE_4__/* .sleep */ .yy;
    const { method, path } = request;
    for (let attempt = 1;; attempt++) {
        let failure;
        let detail;
        let retryAfter;
        let status;
        try {
            const answer = await (0,_exchange__WEBPACK_IMPORTED_MODULE_3__/* .agentExchange */ .L)(server, {
                method,
                path,
                body: request.body,
                withoutContentType: request.withoutContentType
            });
            retryAfter = answer.retryAfter;
            status = answer.status;
            const ok = answer.status >= 200 && answer.status < 300;
            if (!ok && !(0,_control_plane_status_policy__WEBPACK_IMPORTED_MODULE_1__/* .isRetryable */ .r3)({ kind: 'status', status: answer.status }, request.retryAs))
                return { kind: 'status', status: answer.status, detail: (0,_control_plane_errors__WEBPACK_IMPORTED_MODULE_0__/* .formatErrorDetail */ .$N)(answer.text) };
            // A 204 has no body: it is read as JSON null.
            const text = answer.status === 204 ? 'null' : answer.text;
            const parsed = ok ? parseAnswer(text, request.schema) : undefined;
            if (parsed?.kind === 'parsed')
                return { kind: 'answer', value: parsed.value };
            failure = parsed?.failure ?? { kind: 'status', status: answer.status };
            detail = parsed?.detail ?? (0,_control_plane_errors__WEBPACK_IMPORTED_MODULE_0__/* .formatErrorDetail */ .$N)(answer.text);
        }
        catch (error) {
            if (!(error instanceof _control_plane_transport__WEBPACK_IMPORTED_MODULE_2__/* .TransportError */ .wX))
                throw error;
            failure = error.kind === 'too-large' ? { kind: 'too-large' } : { kind: 'network' };
            detail = error.reason;
            status = error.status;
        }
        const delayMs = (0,_control_plane_retry__WEBPACK_IMPORTED_MODULE_4__/* .parseRetryAfter */ .mu)(retryAfter, server.now()) ?? (0,_control_plane_retry__WEBPACK_IMPORTED_MODULE_4__/* .backoffDelay */ .EY)(attempt - 1, backoff, random);
        const again = (0,_control_plane_status_policy__WEBPACK_IMPORTED_MODULE_1__/* .isRetryable */ .r3)(failure, request.retryAs) &&
            attempt < maxAttempts &&
            server.now() + delayMs < server.deadline;
        if (!again)
            throw new AgentReadError(method, path, failure, detail, status);
        await pause(delayMs, server.signal);
    }
}
function parseAnswer(text, schema) {
    let json;
    try {
        json = JSON.parse(text);
    }
    catch {
        return { kind: 'failed', failure: { kind: 'cut-short' }, detail: 'the answer is not JSON' };
    }
    const parsed = schema.safeParse(json);
    if (parsed.success)
        return { kind: 'parsed', value: parsed.data };
    const problems = parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
    return {
        kind: 'failed',
        failure: { kind: 'wrong-shape' },
        detail: `the answer is not of the expected shape (${problems.join('; ')})`
    };
}


/***/ }),

/***/ 1476:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fm: () => (/* binding */ createBody),
/* harmony export */   Kf: () => (/* binding */ MANAGED_BY),
/* harmony export */   T0: () => (/* binding */ managedDigestOf),
/* harmony export */   en: () => (/* binding */ differsFromEntry),
/* harmony export */   k5: () => (/* binding */ driftPaths),
/* harmony export */   zR: () => (/* binding */ patchBody)
/* harmony export */ });
/* unused harmony exports managedMetadata, changedPaths */
/* harmony import */ var canonicalize__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8799);
/* harmony import */ var _entries__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2057);
/**
 * An assistant's content as the action compares it: what an entry asks for, what a version
 * holds, the key paths that differ (never the values: they may hold prompts), drift, and the
 * bodies of the writes. Pure.
 */


/** Who writes the `managed-*` metadata: the value of `managed-by`. */
const MANAGED_BY = 'deploy-agent-action';
/** The `managed-*` metadata of a write. */
function managedMetadata(stamp) {
    return {
        'managed-by': MANAGED_BY,
        'managed-digest': stamp.digest,
        ...(stamp.commit !== undefined && { 'managed-commit': stamp.commit }),
        'managed-revision': stamp.revisionId
    };
}
/** The content an entry asks for (`graph-id` given: a pin has none). */
function wanted(entry, graphId) {
    return {
        graph_id: graphId,
        name: entry.name,
        config: entry.config ?? {},
        context: entry.context ?? {},
        ...(entry.description !== undefined && { description: entry.description })
    };
}
/** `POST /assistants` for an entry (the client adds `if_exists: raise`). */
function createBody(entry, id, graphId, stamp) {
    return {
        assistant_id: id,
        ...wanted(entry, graphId),
        metadata: { ...entry.metadata, ...managedMetadata(stamp) }
    };
}
/** `PATCH /assistants/{id}` for an entry: config and context replace, metadata merges. */
function patchBody(entry, graphId, stamp) {
    return { ...wanted(entry, graphId), metadata: { ...entry.metadata, ...managedMetadata(stamp) } };
}
/**
 * The key paths where `actual` differs from what `entry` sets (description only when it sets
 * one; metadata only the keys it names, and the managed ones when `stamp` is given).
 */
function differsFromEntry(actual, entry, graphId, stamp) {
    const asked = wanted(entry, graphId);
    const metadataAsked = { ...entry.metadata, ...(stamp && managedMetadata(stamp)) };
    return [
        ...(actual.graph_id === asked.graph_id ? [] : ['graph_id']),
        ...(actual.name === asked.name ? [] : ['name']),
        ...(asked.description === undefined || actual.description === asked.description
            ? []
            : ['description']),
        ...changedPaths(actual.config, asked.config, 'config'),
        ...changedPaths(actual.context, asked.context, 'context'),
        ...Object.keys(metadataAsked).flatMap((key) => changedPaths(actual.metadata[key], metadataAsked[key], `metadata.${key}`))
    ];
}
/**
 * Drift: the key paths where the active content differs from `base`, the earliest version that
 * holds the active `managed-digest` (a hand edit keeps the digest, since metadata merges).
 * Metadata is compared on the keys the entry names, never the managed ones.
 */
function driftPaths(active, base, entry) {
    const keys = Object.keys(entry.metadata ?? {}).filter((key) => !key.startsWith(_entries__WEBPACK_IMPORTED_MODULE_0__/* .MANAGED_PREFIX */ .D));
    return [
        ...(active.graph_id === base.graph_id ? [] : ['graph_id']),
        ...(active.name === base.name ? [] : ['name']),
        ...(active.description === base.description ? [] : ['description']),
        ...changedPaths(base.config, active.config, 'config'),
        ...changedPaths(base.context, active.context, 'context'),
        ...keys.flatMap((key) => changedPaths(base.metadata[key], active.metadata[key], `metadata.${key}`))
    ];
}
/** The key paths, at the leaves of mappings, where two values differ (`config.configurable.model`). */
function changedPaths(before, after, path) {
    if (isMapping(before) && isMapping(after)) {
        const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
        return keys.flatMap((key) => changedPaths(before[key], after[key], `${path}.${key}`));
    }
    return same(before, after) ? [] : [path];
}
function isMapping(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function same(a, b) {
    return (0,canonicalize__WEBPACK_IMPORTED_MODULE_1__/* ["default"] */ .A)(a ?? null) === (0,canonicalize__WEBPACK_IMPORTED_MODULE_1__/* ["default"] */ .A)(b ?? null);
}
/** The `managed-digest` a version carries, when it is one the action wrote. */
function managedDigestOf(content) {
    const digest = content.metadata['managed-digest'];
    return typeof digest === 'string' ? digest : undefined;
}


/***/ }),

/***/ 3810:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  applyEntries: () => (/* reexport */ applyEntries),
  assistantsClient: () => (/* reexport */ assistantsClient),
  driftRefusal: () => (/* reexport */ driftRefusal),
  observe: () => (/* reexport */ observe),
  planLines: () => (/* reexport */ planLines),
  restoreStamped: () => (/* reexport */ restoreStamped),
  restoreWritten: () => (/* reexport */ restoreWritten)
});

// EXTERNAL MODULE: ./src/control-plane/status-policy.ts
var status_policy = __webpack_require__(3233);
// EXTERNAL MODULE: ./src/lib/ids.ts
var ids = __webpack_require__(829);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(2857);
;// CONCATENATED MODULE: ./src/agent-server/assistant-schemas.ts


// The assistant routes' shapes (api.md 4.4). An answer is the server's text and untrusted: only
// the fields the action reads are kept, ids must be UUIDs (they go into request paths) and
// versions whole numbers (they go into `/latest`).
const jsonObject = schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J());
/** The content an assistant's version holds, as the server answers it. */
const content = {
    graph_id: schemas/* string */.YjP(),
    config: jsonObject,
    // Whatever the assistant was given (the server stores `{}` when none was).
    context: schemas/* unknown */.L5J(),
    metadata: jsonObject,
    name: schemas/* string */.YjP(),
    // The server answers null for an assistant made without one; a PATCH cannot set it back.
    description: schemas/* string */.YjP().nullable()
};
const version = schemas/* number */.aig().int().min(1);
/** An assistant as `GET /assistants/{id}` and every write answer it: its active version. */
const assistantSchema = schemas/* object */.Ikc({
    assistant_id: schemas/* string */.YjP().regex(ids/* UUID */.k, 'not a UUID'),
    version,
    ...content
});
/** One version as `POST /assistants/{id}/versions` lists it. */
const assistantVersionSchema = schemas/* object */.Ikc({ version, ...content });
const assistantListSchema = schemas/* array */.YOg(assistantSchema);
const versionListSchema = schemas/* array */.YOg(assistantVersionSchema);

// EXTERNAL MODULE: ./src/agent-server/retrying.ts
var retrying = __webpack_require__(7609);
;// CONCATENATED MODULE: ./src/agent-server/assistants.ts




/** A read that failed (the one error of the agent server's resource routes). */

/** Builds the client over one agent server (its key, auth scheme, deadline, clock, dispatcher). */
function assistantsClient(server, options = {}) {
    const pageSize = options.pageSize ?? 1_000;
    const versionPageSize = options.versionPageSize ?? 100;
    const maxVersions = options.maxVersions ?? 1_000;
    const maxPages = options.maxPages ?? 100;
    const exchange = (request) => (0,retrying/* retryingExchange */.U)(server, options, request);
    /** A read: a 404 is `not-found`, any other failure is thrown. */
    const read = async (method, path, schema, body) => {
        const answer = await exchange({ method, path, body, retryAs: 'GET', schema });
        if (answer.kind === 'answer')
            return { kind: 'found', value: answer.value };
        if (answer.status === 404)
            return { kind: 'not-found' };
        throw new retrying/* AgentReadError */.e(method, path, { kind: 'status', status: answer.status }, answer.detail);
    };
    /** A write, sent at most once unless refused with 429; `special` names the statuses it reads. */
    const write = async (method, path, body, special) => {
        if (server.deadline - server.now() <= 0)
            return { kind: 'refused', reason: 'the time allowed ran out before it was sent' };
        try {
            const answer = await exchange({
                method,
                path,
                body,
                retryAs: 'POST',
                schema: assistantSchema
            });
            if (answer.kind === 'answer')
                return { kind: 'done', assistant: answer.value };
            const known = special[answer.status];
            if (known !== undefined)
                return known;
            // A gateway's 502/503/504 may stand before a server that did act.
            if ((0,status_policy/* meaningOf */.Pr)({ kind: 'status', status: answer.status }).lostAnswer)
                return { kind: 'lost', reason: `answered ${answer.status}: ${answer.detail}` };
            return { kind: 'refused', status: answer.status, reason: answer.detail };
        }
        catch (error) {
            if (!(error instanceof retrying/* AgentReadError */.e))
                throw error;
            const { failure, status } = error;
            // A body too large to read came with a status: a success means the write was applied.
            const applied = failure.kind === 'too-large'
                ? status === undefined || (status >= 200 && status < 300)
                : (0,status_policy/* meaningOf */.Pr)(failure).lostAnswer;
            if (applied)
                return { kind: 'lost', reason: error.detail };
            return { kind: 'refused', status, reason: error.detail };
        }
    };
    /**
     * The items of a paged list: pages of `size` until a short one, each item once, at most
     * `maxItems` (`more` when a full page ends there). A page whose items were all seen before (one
     * that repeats an earlier page: the server ignores the offset) is an error, never a loop.
     */
    const pages = async (path, schema, filter, key, size = pageSize, maxItems = Number.POSITIVE_INFINITY) => {
        const items = new Map();
        for (let page = 0; page < maxPages; page++) {
            const body = { ...filter, limit: size, offset: page * size };
            const answer = await read('POST', path, schema, body);
            // The server answers an empty page of versions with 404.
            if (answer.kind === 'not-found')
                return page === 0 ? answer : { kind: 'found', value: [...items.values()] };
            const before = items.size;
            for (const item of answer.value) {
                if (items.size >= maxItems)
                    return { kind: 'found', value: [...items.values()], more: true };
                if (!items.has(key(item)))
                    items.set(key(item), item);
            }
            if (answer.value.length < size)
                return { kind: 'found', value: [...items.values()] };
            if (items.size === before)
                throw new retrying/* AgentReadError */.e('POST', path, { kind: 'wrong-shape' }, `page ${page + 1} repeats an earlier page (the server ignores the offset asked for)`);
            if (items.size >= maxItems)
                return { kind: 'found', value: [...items.values()], more: true };
        }
        throw new retrying/* AgentReadError */.e('POST', path, { kind: 'wrong-shape' }, `the list goes on past ${maxPages} pages of ${size}`);
    };
    return {
        get: (id) => read('GET', assistantPath(id), assistantSchema),
        versions: async (id, filter = {}) => {
            const metadata = filter.metadata === undefined ? {} : { metadata: filter.metadata };
            const found = await pages(`${assistantPath(id)}/versions`, versionListSchema, metadata, (version) => version.version, versionPageSize, maxVersions);
            if (found.kind === 'not-found' && filter.metadata !== undefined)
                return { kind: 'found', value: [] };
            return found;
        },
        create: (body) => {
            writable(body.assistant_id);
            return write('POST', '/assistants', { ...body, if_exists: 'raise' }, {
                409: { kind: 'exists' }
            });
        },
        patch: (id, body) => write('PATCH', assistantPath(writable(id)), body, { 404: { kind: 'not-found' } }),
        setLatest: (id, version) => {
            if (!Number.isSafeInteger(version) || version < 1)
                throw new RangeError(`an assistant's version is a whole number from 1, not ${version}`);
            return write('POST', `${assistantPath(writable(id))}/latest`, { version }, {
                404: { kind: 'not-found' }
            });
        },
        search: async (filter) => {
            const found = await pages('/assistants/search', assistantListSchema, { ...filter }, (assistant) => assistant.assistant_id);
            return found.kind === 'found' ? found.value : [];
        }
    };
}
function assistantPath(id) {
    return `/assistants/${encodeURIComponent(id)}`;
}
/** Writes go to assistants the action names by UUID only: never to a graph's default by name. */
function writable(id) {
    if (!ids/* UUID */.k.test(id))
        throw new TypeError(`an assistant written to is named by a UUID, not ${JSON.stringify(id)}`);
    return id;
}

// EXTERNAL MODULE: ./src/assistants/entries.ts
var assistants_entries = __webpack_require__(2057);
// EXTERNAL MODULE: ./src/assistants/content.ts
var assistants_content = __webpack_require__(1476);
;// CONCATENATED MODULE: ./src/assistants/apply.ts



/**
 * `on-drift: fail` found an assistant changed by hand: nothing is written anywhere. The account,
 * and what was refused in a few words (for the headline).
 */
function driftRefusal(drifted) {
    const one = drifted.length === 1;
    return {
        message: `assistants.on-drift is fail, and ${one ? 'an assistant was' : `${drifted.length} assistants were`} changed by hand since the action last wrote ${one ? 'it' : 'them'}; nothing was written:\n` +
            drifted.map(({ entry, drift }) => `  - ${entry.name}: ${drift.join(', ')}`).join('\n') +
            '\nPut the change into the repository (or set assistants.on-drift: overwrite) and run again.',
        refused: `assistants.on-drift refused ${one ? 'an assistant' : `${drifted.length} assistants`} changed by hand`
    };
}
/** Each entry's assistant and its versions, and its drift. */
async function observe(entries, client) {
    const observed = [];
    const notices = [];
    for (const entry of entries) {
        const id = (0,assistants_entries/* assistantIdOf */.lz)(entry);
        const digest = (0,assistants_entries/* entryDigest */.LE)(entry);
        if (client === undefined) {
            observed.push({ entry, id, digest, versions: [], drift: [] });
            continue;
        }
        const found = await client.get(id);
        if (found.kind === 'not-found') {
            observed.push({ entry, id, digest, versions: [], drift: [] });
            continue;
        }
        const listed = await client.versions(id);
        const versions = listed.kind === 'found' ? listed.value : [];
        if (listed.kind === 'found' && listed.more === true)
            notices.push(`Assistant ${entry.name} has more versions than the newest ${versions.length} the action reads; drift is judged on those.`);
        observed.push({
            entry,
            id,
            digest,
            current: found.value,
            versions,
            drift: driftOf(found.value, versions, entry)
        });
    }
    return { read: client !== undefined, observed, notices };
}
/**
 * Drift against the earliest version that holds the active `managed-digest`; none when
 * unmanaged. An active version that carries the entry's own digest but not its content was
 * changed by hand too (metadata can be copied: an assistant deleted and made again, say).
 */
function driftOf(current, versions, entry) {
    const digest = (0,assistants_content/* managedDigestOf */.T0)(current);
    if (digest === undefined)
        return [];
    if (digest === (0,assistants_entries/* entryDigest */.LE)(entry) && entry.version === undefined) {
        const differs = (0,assistants_content/* differsFromEntry */.en)(current, entry, entry['graph-id'] ?? current.graph_id);
        if (differs.length > 0)
            return differs;
    }
    const base = versions
        .filter((version) => (0,assistants_content/* managedDigestOf */.T0)(version) === digest)
        .reduce((earliest, version) => earliest === undefined || version.version < earliest.version ? version : earliest, undefined);
    return base === undefined ? [] : (0,assistants_content/* driftPaths */.k5)(current, base, entry);
}
/** The plan in words, a line each (a dry run's, and the log's before the write). */
function planLines(observed) {
    return observed.observed.map(({ entry, id, current, digest, drift }) => {
        const what = entry.version !== undefined
            ? current?.version === entry.version
                ? 'unchanged (pinned)'
                : `pin version ${entry.version}`
            : current === undefined
                ? observed.read
                    ? 'create'
                    : 'create or update (not read: the deployment has no URL yet)'
                : drift.length > 0
                    ? `drifted (${drift.join(', ')})`
                    : (0,assistants_content/* managedDigestOf */.T0)(current) === digest
                        ? 'unchanged'
                        : 'update';
        return `Assistant ${entry.name} (${id.slice(0, 8)}): ${what}`;
    });
}
/**
 * The entries made to match on the new revision, in entry order: each graph's default assistant
 * read first (a missing graph, or an entry that is a default assistant, fails before any write).
 */
async function applyEntries(prepared, context) {
    const { client } = context;
    const rows = prepared.observed.map(({ entry, id, current }) => ({
        name: entry.name,
        id,
        graphId: entry['graph-id'] ?? current?.graph_id,
        ...(current !== undefined && { before: current.version }),
        changed: []
    }));
    const report = { rows };
    const graphs = [...new Set(prepared.observed.flatMap(({ entry }) => entry['graph-id'] ?? []))];
    const defaults = new Set();
    for (const graph of graphs) {
        const found = await client.get(graph);
        if (found.kind === 'not-found')
            return {
                ok: false,
                why: `the new revision does not serve the graph ${graph} (GET /assistants/${graph} answered 404); nothing was written`,
                report
            };
        defaults.add(found.value.assistant_id.toLowerCase());
    }
    const defaulted = prepared.observed.filter(({ id }) => defaults.has(id));
    if (defaulted.length > 0)
        return {
            ok: false,
            why: `${defaulted.map(({ entry }) => entry.name).join(', ')}: the id is a graph's default assistant, which the server makes itself; give another id (or none); nothing was written`,
            report
        };
    for (const [index, observed] of prepared.observed.entries()) {
        const row = rows[index];
        if (row === undefined)
            continue;
        let failed;
        try {
            failed = await applyOne(observed, row, prepared.read, context);
        }
        catch (error) {
            // A read that failed past its retries: what was written so far is kept in the report.
            if (!(error instanceof retrying/* AgentReadError */.e))
                throw error;
            row.why = error.message;
            return {
                ok: false,
                inconclusive: true,
                why: `assistant ${observed.entry.name}: ${error.message}`,
                report
            };
        }
        if (failed !== undefined) {
            row.why = failed;
            return { ok: false, why: `assistant ${observed.entry.name}: ${failed}`, report };
        }
    }
    return { ok: true, report };
}
/** One entry: decided, written when it differs, read back. Undefined when it went well. */
async function applyOne(observed, row, readBefore, context) {
    const { client } = context;
    const { entry, id } = observed;
    // Not read before the write (no URL then): read now.
    const current = readBefore ? observed.current : await currentOf(client, id);
    if (current !== undefined && row.before === undefined)
        row.before = current.version;
    if (entry.version !== undefined)
        return pin(observed, current, row, context);
    const graphId = entry['graph-id'] ?? current?.graph_id ?? '';
    const stamp = context.stampOf(entry);
    if (current === undefined) {
        row.written = true;
        const written = await client.create((0,assistants_content/* createBody */.Fm)(entry, id, graphId, stamp));
        if (written.kind === 'exists') {
            const now = await currentOf(client, id);
            if (now === undefined)
                return 'POST /assistants answered 409, and a read finds no such assistant';
            return update(observed, now, row, context);
        }
        return settle(written, 'created', observed, row, undefined, context);
    }
    return update(observed, current, row, context);
}
async function update(observed, current, row, context) {
    const { entry, id, digest, drift } = observed;
    const graphId = entry['graph-id'] ?? current.graph_id;
    if (drift.length === 0 &&
        (0,assistants_content/* managedDigestOf */.T0)(current) === digest &&
        (0,assistants_content/* differsFromEntry */.en)(current, entry, graphId).length === 0) {
        Object.assign(row, { result: 'unchanged', after: current.version });
        return undefined;
    }
    if (drift.length > 0)
        context.notice(`Assistant ${entry.name} was changed by hand since the action last wrote it (${drift.join(', ')}); assistants.on-drift is overwrite, so the repository's entry is written over it.`);
    row.changed = [...new Set([...(0,assistants_content/* differsFromEntry */.en)(current, entry, graphId), ...drift])];
    row.written = true;
    if (drift.length > 0)
        row.overwritten = [...drift];
    const written = await context.client.patch(id, (0,assistants_content/* patchBody */.zR)(entry, graphId, context.stampOf(entry)));
    if (written.kind === 'not-found')
        return `PATCH /assistants/${id} answered 404`;
    return settle(written, 'updated', observed, row, current.version, context);
}
/** A pin: `/latest` makes the version active (a PATCH would make another). */
async function pin(observed, current, row, context) {
    const { entry, id } = observed;
    const version = entry.version ?? 0;
    if (current === undefined)
        return `there is no assistant ${id} to pin version ${version} of`;
    if (current.version === version) {
        Object.assign(row, { result: 'unchanged', after: version });
        return undefined;
    }
    row.written = true;
    const written = await context.client.setLatest(id, version);
    if (written.kind === 'not-found')
        return `POST /assistants/${id}/latest answered 404`;
    if (written.kind === 'refused')
        return `the pin was refused: ${written.reason}`;
    const now = await currentOf(context.client, id);
    if (now?.version !== version)
        return `version ${version} was made active, but a read shows version ${now?.version ?? 'none'}`;
    Object.assign(row, { result: 'pinned', after: version });
    return undefined;
}
/**
 * A write's answer (or its loss) settled by reading the assistant back: it must hold what the
 * entry sets and the stamp; a lost answer counts when the read shows the write, and never leads
 * to a second write.
 */
async function settle(written, result, observed, row, before, context) {
    const { entry, id } = observed;
    if (written.kind === 'refused')
        return `the write was refused: ${written.reason}`;
    if (written.kind === 'lost')
        context.notice(`Assistant ${entry.name}: the answer to the write was lost (${written.reason}); reading it back to see whether it was applied.`);
    const now = await currentOf(context.client, id);
    if (now === undefined)
        return 'the write was not applied (a read finds no such assistant)';
    const stamp = context.stampOf(entry);
    const differs = (0,assistants_content/* differsFromEntry */.en)(now, entry, entry['graph-id'] ?? now.graph_id, stamp);
    if (differs.length > 0)
        return written.kind === 'lost'
            ? `the write's answer was lost and a read shows it was not applied (${differs.join(', ')} differ)`
            : `the read-back differs from the entry in ${differs.join(', ')}`;
    Object.assign(row, { result, after: now.version });
    if (before !== undefined && now.version <= before)
        return `the read-back shows version ${now.version}, not a new one after ${before}`;
    return undefined;
}
async function currentOf(client, id) {
    const found = await client.get(id);
    return found.kind === 'found' ? found.value : undefined;
}

;// CONCATENATED MODULE: ./src/assistants/restore.ts


/** Makes `version` active again, and patches back what `/latest` does not restore. */
async function restoreTo(client, id, version, makeActive = true) {
    if (makeActive) {
        const latest = await client.setLatest(id, version.version);
        if (latest.kind === 'not-found')
            return { why: `POST /assistants/${id}/latest answered 404` };
        if (latest.kind === 'refused')
            return { why: `the restore was refused: ${latest.reason}` };
    }
    const now = await client.get(id);
    if (now.kind === 'not-found')
        return { why: 'a read after the restore finds no such assistant' };
    const back = {};
    if (now.value.graph_id !== version.graph_id)
        back.graph_id = version.graph_id;
    if (JSON.stringify(now.value.context) !== JSON.stringify(version.context))
        back.context = version.context;
    if (version.description !== null && now.value.description !== version.description)
        back.description = version.description;
    if (Object.keys(back).length === 0)
        return { after: now.value.version };
    const patched = await client.patch(id, back);
    if (patched.kind === 'not-found' || patched.kind === 'refused')
        return { why: `patching back ${Object.keys(back).join(', ')} failed` };
    const read = await client.get(id);
    return read.kind === 'found'
        ? { after: read.value.version }
        : { why: 'a read after the restore finds no such assistant' };
}
/**
 * After a failed deploy's rollback: every assistant this run sent a write to, whatever the
 * answer said (a lost answer, a read-back that failed or differed), read first and made active
 * again at the version it had before. `versionsOf` gives the versions read before the write (the
 * one to restore among them). Those it created are kept.
 */
async function restoreWritten(client, ran, versionsOf) {
    const rows = [];
    let ok = true;
    for (const row of ran.rows) {
        if (row.result !== 'created' && row.written !== true)
            continue;
        try {
            const now = await client.get(row.id);
            if (row.before === undefined) {
                // Created by this run (or its create was sent): kept when it exists.
                if (now.kind === 'found')
                    rows.push({
                        ...row,
                        result: 'created',
                        after: now.value.version,
                        changed: [],
                        why: 'kept: created by this run'
                    });
                continue;
            }
            const before = versionsOf(row.id).find((version) => version.version === row.before);
            if (before === undefined) {
                ok = false;
                rows.push({ ...row, result: undefined, why: `version ${row.before} was not read before` });
                continue;
            }
            const current = now.kind === 'found' ? now.value.version : undefined;
            const restored = current === before.version
                ? await restoreTo(client, row.id, before, false)
                : await restoreTo(client, row.id, before);
            if (restored.why !== undefined)
                ok = false;
            rows.push({
                ...row,
                result: restored.why === undefined ? 'restored' : undefined,
                before: current,
                after: restored.after,
                ...(restored.why !== undefined && { why: restored.why })
            });
        }
        catch (error) {
            if (!(error instanceof retrying/* AgentReadError */.e))
                throw error;
            ok = false;
            rows.push({ ...row, result: undefined, why: error.message });
        }
    }
    return { ok, report: { rows } };
}
/**
 * `operation: rollback`: every assistant the action manages, at the newest version stamped with
 * `revisionId` (the revision brought back); `none` when no version is stamped with it.
 */
async function restoreStamped(client, revisionId) {
    // What a metadata filter returns is checked again: a server that ignores the filter must not
    // make the rollback touch an assistant it does not manage, nor pick an unstamped version.
    const managed = (await client.search({ metadata: { 'managed-by': assistants_content/* MANAGED_BY */.Kf } })).filter((assistant) => assistant.metadata['managed-by'] === assistants_content/* MANAGED_BY */.Kf);
    const rows = [];
    let ok = true;
    for (const assistant of managed) {
        const stamped = await client.versions(assistant.assistant_id, {
            metadata: { 'managed-revision': revisionId }
        });
        const newest = (stamped.kind === 'found' ? stamped.value : [])
            .filter((version) => version.metadata['managed-revision'] === revisionId)
            .reduce((found, version) => found === undefined || version.version > found.version ? version : found, undefined);
        if (newest === undefined)
            continue;
        const row = {
            name: assistant.name,
            id: assistant.assistant_id,
            graphId: newest.graph_id,
            before: assistant.version,
            changed: []
        };
        if (newest.version === assistant.version) {
            rows.push({ ...row, result: 'unchanged', after: assistant.version });
            continue;
        }
        const restored = await restoreTo(client, assistant.assistant_id, newest);
        if (restored.why !== undefined)
            ok = false;
        rows.push({
            ...row,
            result: restored.why === undefined ? 'restored' : undefined,
            after: restored.after,
            ...(restored.why !== undefined && { why: restored.why })
        });
    }
    return { ok, report: { rows }, none: rows.length === 0 };
}

;// CONCATENATED MODULE: ./src/assistants/index.ts
/**
 * Assistants as code (`assistants.entries`), loaded on first use: a run without it never loads
 * this code nor the agent server's assistants client. In the order a run uses it:
 * 1. `observe` before the control plane's write (drift judged then), `planLines` for the log;
 * 2. `applyEntries` on the new revision;
 * 3. `restoreWritten` on a revision a rollback brought back, `restoreStamped` under
 *    `operation: rollback`.
 */





/***/ })

};

//# sourceMappingURL=810.index.js.map