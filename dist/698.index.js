export const id = 698;
export const ids = [698];
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

/***/ 3406:
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
// EXTERNAL MODULE: ./node_modules/canonicalize/lib/canonicalize.js
var canonicalize = __webpack_require__(8799);
// EXTERNAL MODULE: ./src/lib/managed-by.ts
var managed_by = __webpack_require__(3550);
;// CONCATENATED MODULE: ./src/assistants/content.ts
/**
 * An assistant's content as the action compares it: what an entry asks for, what a version
 * holds, the key paths that differ (never the values: they may hold prompts), drift, and the
 * bodies of the writes. Pure.
 */



/** The `managed-*` metadata of a write. */
function managedMetadata(stamp) {
    return {
        'managed-by': managed_by/* MANAGED_BY */.K,
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
    const keys = Object.keys(entry.metadata ?? {}).filter((key) => !key.startsWith(assistants_entries/* MANAGED_PREFIX */.D));
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
    return (0,canonicalize/* default */.A)(a ?? null) === (0,canonicalize/* default */.A)(b ?? null);
}
/** The `managed-digest` a version carries, when it is one the action wrote. */
function managedDigestOf(content) {
    const digest = content.metadata['managed-digest'];
    return typeof digest === 'string' ? digest : undefined;
}

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
    const digest = managedDigestOf(current);
    if (digest === undefined)
        return [];
    if (digest === (0,assistants_entries/* entryDigest */.LE)(entry) && entry.version === undefined) {
        const differs = differsFromEntry(current, entry, entry['graph-id'] ?? current.graph_id);
        if (differs.length > 0)
            return differs;
    }
    const base = versions
        .filter((version) => managedDigestOf(version) === digest)
        .reduce((earliest, version) => earliest === undefined || version.version < earliest.version ? version : earliest, undefined);
    return base === undefined ? [] : driftPaths(current, base, entry);
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
                    : managedDigestOf(current) === digest
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
        const written = await client.create(createBody(entry, id, graphId, stamp));
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
        managedDigestOf(current) === digest &&
        differsFromEntry(current, entry, graphId).length === 0) {
        Object.assign(row, { result: 'unchanged', after: current.version });
        return undefined;
    }
    if (drift.length > 0)
        context.notice(`Assistant ${entry.name} was changed by hand since the action last wrote it (${drift.join(', ')}); assistants.on-drift is overwrite, so the repository's entry is written over it.`);
    row.changed = [...new Set([...differsFromEntry(current, entry, graphId), ...drift])];
    row.written = true;
    if (drift.length > 0)
        row.overwritten = [...drift];
    const written = await context.client.patch(id, patchBody(entry, graphId, context.stampOf(entry)));
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
    const differs = differsFromEntry(now, entry, entry['graph-id'] ?? now.graph_id, stamp);
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
    const managed = (await client.search({ metadata: { 'managed-by': managed_by/* MANAGED_BY */.K } })).filter((assistant) => assistant.metadata['managed-by'] === managed_by/* MANAGED_BY */.K);
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





/***/ }),

/***/ 3550:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   K: () => (/* binding */ MANAGED_BY)
/* harmony export */ });
/**
 * Who writes what the action stamps as its own on the agent server (assistants as code, the
 * canary threads): the value of their `managed-by` metadata.
 */
const MANAGED_BY = 'deploy-agent-action';


/***/ }),

/***/ 7201:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  checkAfterDeployed: () => (/* reexport */ checkAfterDeployed),
  judgeBeforePromote: () => (/* reexport */ judgeBeforePromote),
  judgeCanaries: () => (/* reexport */ judgeCanaries),
  parkBeforeWrite: () => (/* reexport */ parkBeforeWrite),
  readAfterRollback: () => (/* reexport */ readAfterRollback),
  readBeforeWrite: () => (/* reexport */ readBeforeWrite),
  removeCanaries: () => (/* reexport */ removeCanaries),
  threadsClient: () => (/* reexport */ threadsClient)
});

// EXTERNAL MODULE: ./src/lib/ids.ts
var ids = __webpack_require__(829);
// EXTERNAL MODULE: ./src/agent-server/retrying.ts
var retrying = __webpack_require__(7609);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(2857);
;// CONCATENATED MODULE: ./src/agent-server/thread-schemas.ts


// The thread and graph routes' shapes (api.md 4.5). An answer is the server's text and untrusted:
// only what the judgement reads is kept. A thread's values are users' data: they are reduced to
// each key's JSON type as they are parsed, so no value goes further than this file.
const jsonObject = schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J());
function jsonTypeOf(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'array';
    if (typeof value === 'number')
        return Number.isInteger(value) ? 'integer' : 'number';
    if (typeof value === 'string')
        return 'string';
    if (typeof value === 'boolean')
        return 'boolean';
    return 'object';
}
/** The fields a search is asked to carry (`select`): never a conversation. */
const THREAD_SELECT = ['thread_id', 'updated_at', 'status', 'metadata'];
/** One thread as a search with `select: THREAD_SELECT` lists it. */
const threadSummarySchema = schemas/* object */.Ikc({
    thread_id: schemas/* string */.YjP().regex(ids/* UUID */.k, 'not a UUID'),
    updated_at: schemas/* string */.YjP().optional(),
    status: schemas/* string */.YjP(),
    metadata: jsonObject.nullable().optional()
});
const threadListSchema = schemas/* array */.YOg(threadSummarySchema);
/** `POST /threads/count`: a bare whole number. */
const threadCountSchema = schemas/* number */.aig().int().min(0);
const task = schemas/* object */.Ikc({
    name: schemas/* string */.YjP(),
    // A task waiting at an interrupt() holds its interrupts; the values are the graph's, unread.
    interrupts: schemas/* array */.YOg(schemas/* unknown */.L5J()).optional().default([])
});
/** A thread's state (`GET /threads/{id}/state`), its values reduced to their keys' types. */
const threadStateSchema = schemas/* object */.Ikc({
    values: jsonObject,
    next: schemas/* array */.YOg(schemas/* string */.YjP()),
    tasks: schemas/* array */.YOg(task),
    metadata: jsonObject.nullable().optional(),
    checkpoint: schemas/* object */.Ikc({ checkpoint_id: schemas/* string */.YjP().min(1) })
})
    .transform((state) => ({
    checkpoint: state.checkpoint.checkpoint_id,
    // Every task holding interrupts, else every name in `next` (parallel branches each wait).
    nodes: parkedNodes(state.tasks, state.next),
    graph: typeof state.metadata?.graph_id === 'string' ? state.metadata.graph_id : undefined,
    keys: Object.fromEntries(Object.entries(state.values).map(([key, value]) => [key, jsonTypeOf(value)]))
}));
function parkedNodes(tasks, next) {
    const interrupted = tasks.filter((t) => t.interrupts.length > 0).map((t) => t.name);
    return [...new Set(interrupted.length > 0 ? interrupted : next)];
}
/** A graph as `GET /assistants/{id}/graph` answers it: its nodes' names. */
const graphSchema = schemas/* object */.Ikc({ nodes: schemas/* array */.YOg(schemas/* object */.Ikc({ id: schemas/* union */.KCZ([schemas/* string */.YjP(), schemas/* number */.aig()]) })) })
    .transform((graph) => graph.nodes.map((node) => String(node.id)));
/** A graph's state schema (`GET /assistants/{id}/schemas`): its properties and required keys. */
const graphSchemasSchema = schemas/* object */.Ikc({
    state_schema: schemas/* object */.Ikc({
        properties: schemas/* record */.g1P(schemas/* string */.YjP(), schemas/* unknown */.L5J()).optional().default({}),
        required: schemas/* array */.YOg(schemas/* string */.YjP()).optional().default([])
    })
        .nullable()
        .optional()
})
    .transform((schemas) => ({
    properties: schemas.state_schema?.properties ?? {},
    required: schemas.state_schema?.required ?? []
}));

;// CONCATENATED MODULE: ./src/agent-server/threads.ts



/** The most the search is asked for at once (the server's most is 1000; pages stay small). */
const MAX_PAGE = 100;
function threadsClient(server, options = {}) {
    const pageSize = Math.min(options.pageSize ?? MAX_PAGE, MAX_PAGE);
    const read = async (method, path, schema, body) => {
        const answer = await (0,retrying/* retryingExchange */.U)(server, options, {
            method,
            path,
            body,
            retryAs: 'GET',
            schema,
            // A read without a body goes without a content type (`/schemas` refuses one).
            withoutContentType: body === undefined
        });
        if (answer.kind === 'answer')
            return { kind: 'found', value: answer.value };
        if (answer.status === 404)
            return { kind: 'not-found' };
        throw new retrying/* AgentReadError */.e(method, path, { kind: 'status', status: answer.status }, answer.detail);
    };
    /** A route that answers 404 only when the key or URL is wrong: then it is a failure too. */
    const mustRead = async (path, schema, body) => {
        const found = await read('POST', path, schema, body);
        if (found.kind === 'found')
            return found.value;
        throw new retrying/* AgentReadError */.e('POST', path, { kind: 'status', status: 404 }, 'not found');
    };
    const search = (body) => mustRead('/threads/search', threadListSchema, { ...body, select: [...THREAD_SELECT] });
    return {
        count: (status) => mustRead('/threads/count', threadCountSchema, { status }),
        interrupted: async (sample, skip = () => false) => {
            if (!Number.isSafeInteger(sample) || sample < 1)
                throw new RangeError(`a sample is a whole number from 1, not ${sample}`);
            const kept = new Map();
            const seen = new Set();
            // Every thread skipped costs a page at the most; beyond that a page repeats or never ends.
            const maxPages = Math.ceil(sample / pageSize) + 1;
            for (let page = 0, offset = 0; page < maxPages && kept.size < sample; page++) {
                const limit = Math.min(pageSize, sample - kept.size);
                const threads = await search({
                    status: 'interrupted',
                    sort_by: 'updated_at',
                    sort_order: 'desc',
                    limit,
                    offset
                });
                const before = seen.size;
                for (const thread of threads.slice(0, limit)) {
                    if (seen.has(thread.thread_id))
                        continue;
                    seen.add(thread.thread_id);
                    if (thread.status !== 'interrupted' || skip(thread))
                        continue;
                    if (kept.size < sample)
                        kept.set(thread.thread_id, thread);
                }
                if (threads.length < limit)
                    break;
                if (seen.size === before)
                    throw new retrying/* AgentReadError */.e('POST', '/threads/search', { kind: 'wrong-shape' }, 'a page repeats the one before it');
                offset += limit;
            }
            return [...kept.values()];
        },
        statuses: async (ids) => {
            const statuses = new Map();
            for (let start = 0; start < ids.length; start += pageSize) {
                const chunk = ids.slice(start, start + pageSize).map(threadId);
                const threads = await search({ ids: chunk, limit: chunk.length, offset: 0 });
                for (const thread of threads)
                    if (chunk.includes(thread.thread_id))
                        statuses.set(thread.thread_id, thread.status);
            }
            return statuses;
        },
        state: async (id) => {
            const path = `/threads/${threadId(id)}/state`;
            try {
                const found = await read('GET', path, threadStateSchema);
                return found.kind === 'found' ? { kind: 'found', state: found.value } : found;
            }
            catch (error) {
                if (error instanceof retrying/* AgentReadError */.e && error.failure.kind === 'too-large')
                    return { kind: 'too-large' };
                throw error;
            }
        },
        graph: (graph) => read('GET', `${assistantPath(graph)}/graph`, graphSchema),
        schemas: (graph) => read('GET', `${assistantPath(graph)}/schemas`, graphSchemasSchema)
    };
}
/** A thread id goes into a path: it must be a UUID, whatever the search answered. */
function threadId(id) {
    if (!ids/* UUID */.k.test(id))
        throw new TypeError(`a thread is named by a UUID, not ${JSON.stringify(id)}`);
    return id;
}
function assistantPath(id) {
    return `/assistants/${encodeURIComponent(id)}`;
}

;// CONCATENATED MODULE: ./src/threads/compatibility.ts
/** The nodes every graph has, never a place a thread waits. */
const BOUNDARY_NODES = new Set(['__start__', '__end__']);
/** Judges the threads read (`read` of `total` interrupted) against the two sides. */
function judge(threads, sides, counts) {
    const incompatible = [];
    const notices = [];
    const inconclusive = new Set();
    for (const thread of threads) {
        const found = judgeThread(thread, sides);
        incompatible.push(...found.incompatible);
        notices.push(...found.notices);
        for (const reason of found.inconclusive)
            inconclusive.add(reason);
    }
    const unread = counts.read < counts.total ? unreadRisks(threads, sides) : [];
    const verdict = incompatible.length > 0
        ? 'fail'
        : inconclusive.size > 0 || unread.length > 0
            ? 'inconclusive'
            : 'pass';
    return { incompatible, notices, unread, inconclusive: [...inconclusive], verdict };
}
function judgeThread(thread, sides) {
    const incompatible = [];
    const notices = [];
    const { id } = thread;
    if (thread.graph === undefined)
        return { incompatible, notices: [{ thread: id, kind: 'no-graph' }], inconclusive: [] };
    const graph = thread.graph;
    // Nothing of it waits any more: the release cannot strand it again.
    if (thread.nodes.length === 0)
        return {
            incompatible,
            notices: [{ thread: id, kind: 'already-stranded', graph }],
            inconclusive: []
        };
    const before = sides.old.get(graph);
    if (before === undefined || before.kind === 'not-served') {
        notices.push({ thread: id, kind: 'old-side-could-not-serve', graph });
        return { incompatible, notices, inconclusive: [] };
    }
    const after = sides.new.get(graph);
    if (after === undefined || after.kind === 'not-served') {
        if (!sides.newAnswers)
            return {
                incompatible,
                notices,
                inconclusive: [
                    'the agent server answers 404 to everything, so the graphs could not be compared: check agent-api-key'
                ]
            };
        for (const node of thread.nodes)
            incompatible.push({ thread: id, graph, why: 'graph', node });
        return { incompatible, notices, inconclusive: [] };
    }
    for (const node of thread.nodes) {
        if (!before.nodes.includes(node))
            notices.push({ thread: id, kind: 'old-side-could-not-serve', graph, node });
        else if (!after.nodes.includes(node))
            incompatible.push({ thread: id, graph, why: 'node', node });
    }
    const requiredBefore = new Set(before.schema.required);
    for (const key of after.schema.required)
        if (!requiredBefore.has(key) && thread.keys[key] === undefined)
            incompatible.push({ thread: id, graph, why: 'required', key });
    for (const [key, type] of Object.entries(thread.keys)) {
        if (!admits(before.schema.properties[key], type))
            notices.push({ thread: id, kind: 'old-side-could-not-serve', graph, key });
        else if (!admits(after.schema.properties[key], type))
            incompatible.push({ thread: id, graph, why: 'type', key });
    }
    return { incompatible, notices, inconclusive: [] };
}
/**
 * Whether a property's schema admits a value of `type`: `type` a string or a list of types,
 * `anyOf`/`oneOf` any branch; an integer is a number; a property without `type` (a messages key,
 * a `$ref`, one the schema does not declare) admits anything.
 */
function admits(property, type) {
    if (typeof property !== 'object' || property === null)
        return true;
    const schema = property;
    for (const keyword of ['anyOf', 'oneOf']) {
        const branches = schema[keyword];
        if (Array.isArray(branches) && branches.length > 0)
            return branches.some((branch) => admits(branch, type));
    }
    const declared = schema.type;
    const types = typeof declared === 'string' ? [declared] : Array.isArray(declared) ? declared : undefined;
    if (types === undefined)
        return true;
    return types.includes(type) || (type === 'integer' && types.includes('number'));
}
/** Nodes the release removes where no thread read waits: threads not read may wait there. */
function unreadRisks(threads, sides) {
    const risks = [];
    const graphs = new Set(threads.flatMap((thread) => (thread.graph === undefined ? [] : [thread.graph])));
    for (const graph of graphs) {
        const before = sides.old.get(graph);
        const after = sides.new.get(graph);
        if (before?.kind !== 'served' || after?.kind !== 'served')
            continue;
        const waitedAt = new Set(threads.filter((thread) => thread.graph === graph).flatMap((thread) => thread.nodes));
        for (const node of before.nodes)
            if (!BOUNDARY_NODES.has(node) && !after.nodes.includes(node) && !waitedAt.has(node))
                risks.push({ graph, node });
    }
    return risks;
}

// EXTERNAL MODULE: ./src/threads/payload.ts
var threads_payload = __webpack_require__(5092);
// EXTERNAL MODULE: ./src/agent-server/reply.ts
var agent_server_reply = __webpack_require__(7111);
// EXTERNAL MODULE: ./src/lib/managed-by.ts
var managed_by = __webpack_require__(3550);
// EXTERNAL MODULE: ./src/control-plane/transport.ts
var transport = __webpack_require__(9747);
// EXTERNAL MODULE: ./src/lib/uuid-v5.ts
var uuid_v5 = __webpack_require__(8180);
// EXTERNAL MODULE: ./src/lib/expectation.ts
var expectation = __webpack_require__(2981);
;// CONCATENATED MODULE: ./src/threads/canary.ts






// The canaries: threads of the action's own, parked at an interrupt() on the old revision before
// the write, resumed on the new one after `DEPLOYED`, their reply judged like a smoke case's. A
// canary's id is derived from the deployment and the case's name, so every run uses the same one
// and deletes it by that id; nothing is ever found or deleted by its metadata.
/** The namespace of the action's derived ids (the assistants' one). */
const CANARY_NAMESPACE = 'a4cd1350-3f60-47c9-82e8-eb29baeb4384';
function canaryThreadId(deploymentId, name) {
    return (0,uuid_v5/* uuidV5 */.J)(`${deploymentId}/${name}`, CANARY_NAMESPACE);
}
/** Before the write: each case's thread made afresh under its id, run until it parks. */
async function parkCanaries(cases, client, facts) {
    const result = { parked: [], didNotPark: [], failed: [] };
    for (const canary of cases) {
        const id = canaryThreadId(facts.deploymentId, canary.name);
        try {
            await client.remove(id);
            await client.create(id, {
                'managed-by': managed_by/* MANAGED_BY */.K,
                'managed-canary': canary.name,
                'managed-run': facts.runId
            });
            const answer = await client.run(id, { assistant_id: canary.assistant, input: canary.input });
            if (answer.status !== 200 || !holdsInterrupt(answer.text)) {
                result.didNotPark.push({
                    name: canary.name,
                    id,
                    why: answer.status !== 200
                        ? `its run answered ${answer.status}`
                        : 'its run ended without an interrupt'
                });
                continue;
            }
            const messages = await client.messages(id);
            result.parked.push({ canary, id, messagesAtPark: messages.length });
        }
        catch (error) {
            result.failed.push({ name: canary.name, id, why: failure(error) });
        }
    }
    return result;
}
/** After `DEPLOYED`: each parked canary resumed with its case's `resume`, its reply judged. */
async function resumeCanaries(parked, client) {
    const verdicts = [];
    for (const { canary, id, messagesAtPark } of parked) {
        try {
            const answer = await client.run(id, {
                assistant_id: canary.assistant,
                command: { resume: canary.resume }
            });
            if (answer.status !== 200) {
                verdicts.push({
                    name: canary.name,
                    verdict: 'fail',
                    why: `its resume answered ${answer.status}`
                });
                continue;
            }
            const failed = (0,agent_server_reply/* readAgentReply */.Or)(answer.text, 0);
            if (failed.kind === 'error-state') {
                verdicts.push({ name: canary.name, verdict: 'fail', why: failed.reason });
                continue;
            }
            const messages = await client.messages(id);
            const reply = (0,agent_server_reply/* readAgentReply */.Or)(JSON.stringify({ messages }), messagesAtPark);
            if (reply.kind !== 'reply') {
                verdicts.push({ name: canary.name, verdict: 'fail', why: reply.reason });
                continue;
            }
            const firstLine = reply.text.split('\n')[0] ?? '';
            const why = judgeReply(canary, reply.text, answer.ms);
            verdicts.push({
                name: canary.name,
                verdict: why === undefined ? 'pass' : 'fail',
                ...(why !== undefined && { why }),
                reply: firstLine
            });
        }
        catch (error) {
            verdicts.push({ name: canary.name, verdict: 'fail', why: failure(error) });
        }
    }
    return verdicts;
}
/** Each canary deleted by its id, whatever happened (parked or not); a failed delete is a notice. */
async function deleteCanaries(canaries, client) {
    const notices = [];
    const all = [
        ...canaries.parked.map(({ canary, id }) => ({ name: canary.name, id })),
        ...canaries.didNotPark,
        ...canaries.failed
    ];
    for (const { name, id } of all) {
        try {
            await client.remove(id);
        }
        catch (error) {
            notices.push(`the canary ${name} (thread ${id}) could not be deleted: ${failure(error)}`);
        }
    }
    return notices;
}
function judgeReply(canary, reply, ms) {
    if (canary.expect && !(0,expectation/* meetsExpectation */.$u)(canary.expect, reply))
        return `its reply does not ${(0,expectation/* describeExpectation */.uN)(canary.expect)}`;
    if (canary.expectNot && (0,expectation/* meetsExpectation */.$u)(canary.expectNot, reply))
        return `its reply does ${(0,expectation/* describeExpectation */.uN)(canary.expectNot)}`;
    if (canary.maxLatencyMs !== undefined && ms > canary.maxLatencyMs)
        return `its resume took ${ms} ms, over ${canary.maxLatencyMs} ms`;
    return undefined;
}
function holdsInterrupt(text) {
    try {
        const answer = JSON.parse(text);
        return typeof answer === 'object' && answer !== null && '__interrupt__' in answer;
    }
    catch {
        return false;
    }
}
/** A failed request in a sentence, without the server's text; anything else is a bug. */
function failure(error) {
    if (error instanceof retrying/* AgentReadError */.e)
        return `${error.method} ${error.path} ${error.status === undefined ? `failed (${error.failure.kind})` : `answered ${error.status}`}`;
    if (error instanceof transport/* TransportError */.wX)
        return `no answer (${error.kind})`;
    throw error;
}

;// CONCATENATED MODULE: ./src/threads/pool.ts
/** Runs `work` over `items`, at most `width` at once, answers in the items' order. */
async function eachAtMost(items, width, work) {
    const results = new Array(items.length);
    let next = 0;
    const worker = async () => {
        while (next < items.length) {
            const index = next++;
            results[index] = await work(items[index]);
        }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(width, items.length)) }, worker));
    return results;
}

;// CONCATENATED MODULE: ./src/threads/reread.ts

// After the write, each thread read before it is read again, by the checkpoint it was at: the
// same checkpoint and its node no longer named is a thread the release stranded; a new
// checkpoint is a user who answered during the deploy; a 404 a thread deleted meanwhile (neither
// is a failure). After a rollback, once more: back at its node and `interrupted`, it waits again;
// back at its node but `idle`, it was answered while the new code served and its answer is lost.
/** The states read at once (the same as before the write). */
const STATES_AT_ONCE = 4;
function afterDeploy(before, read) {
    if (read.kind !== 'found')
        return { kind: read.kind === 'not-found' ? 'deleted' : 'too-large' };
    if (read.state.checkpoint !== before.checkpoint)
        return { kind: 'moved-on' };
    const lost = before.nodes.filter((node) => !read.state.nodes.includes(node));
    return lost.length > 0 ? { kind: 'stranded', nodes: lost } : { kind: 'waiting' };
}
/** `status` the thread's status now (undefined when the search no longer lists it). */
function afterRollback(before, read, status) {
    if (read.kind !== 'found')
        return { kind: read.kind === 'not-found' ? 'deleted' : 'too-large' };
    // A resume on the newer graph keeps the checkpoint; a new one is an answer given since.
    if (read.state.checkpoint !== before.checkpoint)
        return { kind: 'moved-on' };
    const missing = before.nodes.filter((node) => !read.state.nodes.includes(node));
    if (missing.length > 0)
        return { kind: 'still-stranded', nodes: missing };
    return status === 'interrupted' ? { kind: 'waiting-again' } : { kind: 'answered-lost' };
}
/** Each thread's state read again, `STATES_AT_ONCE` at once, classified after `DEPLOYED`. */
async function rereadAfterDeploy(client, threads) {
    return eachAtMost(threads, STATES_AT_ONCE, async (thread) => ({
        thread,
        after: afterDeploy(thread, await client.state(thread.id))
    }));
}
/** Each thread read once more after a rollback: its state, then the statuses in one search. */
async function rereadAfterRollback(client, threads) {
    const states = await eachAtMost(threads, STATES_AT_ONCE, (thread) => client.state(thread.id));
    const statuses = await client.statuses(threads.map((thread) => thread.id));
    return threads.map((thread, index) => ({
        thread,
        after: afterRollback(thread, states[index], statuses.get(thread.id))
    }));
}

;// CONCATENATED MODULE: ./src/threads/read.ts



/**
 * The newest `sample` interrupted threads with their states, leaving out the action's own
 * canaries, known by their ids (never by metadata, which a user's thread may carry too).
 */
async function readParkedThreads(client, sample, canaries = new Set()) {
    const total = await client.count('interrupted');
    const read = { total, threads: [], deleted: [], tooLarge: [] };
    if (total === 0)
        return read;
    const listed = await client.interrupted(sample, (thread) => canaries.has(thread.thread_id.toLowerCase()));
    const states = await eachAtMost(listed, STATES_AT_ONCE, (thread) => client.state(thread.thread_id));
    listed.forEach((thread, index) => {
        const state = states[index];
        const id = thread.thread_id;
        if (state?.kind === 'found')
            read.threads.push({ id, ...state.state });
        else if (state?.kind === 'not-found')
            read.deleted.push(id);
        else
            read.tooLarge.push(id);
    });
    return read;
}
/** The graphs the threads name, each once, in the order first named. */
function graphsOf(threads) {
    return [
        ...new Set(threads.flatMap((thread) => (thread.graph === undefined ? [] : [thread.graph])))
    ];
}
/** A graph as this server serves it: its nodes and schema, or not at all (a 404 for either). */
async function readGraph(client, graph) {
    const nodes = await client.graph(graph);
    if (nodes.kind === 'not-found')
        return { kind: 'not-served' };
    const schema = await client.schemas(graph);
    if (schema.kind === 'not-found')
        return { kind: 'not-served' };
    return { kind: 'served', nodes: nodes.value, schema: schema.value };
}
/** Each graph named, read on this server. */
async function readGraphs(client, graphs) {
    const sides = await eachAtMost(graphs, STATES_AT_ONCE, (graph) => readGraph(client, graph));
    return new Map(graphs.map((graph, index) => [graph, sides[index]]));
}
/**
 * Whether the server answers at all: a 404 for a graph is that graph gone only when the server
 * answers something else (here its count of threads); 404 to everything is a key or URL problem.
 */
async function answersAnything(client, sides) {
    if ([...sides.values()].some((side) => side.kind === 'served'))
        return true;
    try {
        await client.count('interrupted');
        return true;
    }
    catch (error) {
        if (error instanceof retrying/* AgentReadError */.e && error.status === 404)
            return false;
        throw error;
    }
}

;// CONCATENATED MODULE: ./src/threads/run.ts






/** Before the write: the target's parked threads and their graphs (none on a first deploy). */
async function readBeforeWrite(settings, target, facts) {
    if (facts.firstDeploy)
        return { kind: 'nothing', why: 'a first deploy has no parked threads to read' };
    try {
        const canaries = new Set(facts.deploymentId === undefined
            ? []
            : settings.canaries.map((canary) => canaryThreadId(facts.deploymentId ?? '', canary.name)));
        const read = await readParkedThreads(target, settings.sample, canaries);
        const oldSide = await readGraphs(target, graphsOf(read.threads));
        return { kind: 'read', read, oldSide };
    }
    catch (error) {
        return { kind: 'unreadable', why: unreadable(error, 'before the write') };
    }
}
/**
 * A promote, before any write: production's threads (read before) against the source's graphs.
 * `refuse` is true when the promote must not be written.
 */
async function judgeBeforePromote(settings, prepared, source) {
    const outcome = await compare(settings, prepared, source, 'promote');
    return { ...outcome, refuse: outcome.verdict !== 'passed' && outcome.verdict !== 'skipped' };
}
/**
 * After `DEPLOYED` on the target: its new graphs against the old side, and each thread read again
 * by its checkpoint. On `rollback` everything is a warning: a rollback is never blocked.
 */
async function checkAfterDeployed(settings, prepared, target, operation) {
    return compare(settings, prepared, target, operation);
}
/**
 * After a rollback brought the old graph back: the threads that waited before the write, read
 * once more. Those answered while the new code served are named, so their users can be asked
 * again.
 */
async function readAfterRollback(prepared, payload, target) {
    if (prepared.kind !== 'read')
        return { payload, warnings: [] };
    const gone = new Set([...payload.movedOn, ...payload.deleted, ...payload.tooLarge]);
    const threads = prepared.read.threads.filter((thread) => !gone.has(thread.id));
    try {
        const reread = await rereadAfterRollback(target, threads);
        const ids = (kind) => reread.filter(({ after }) => after.kind === kind).map(({ thread }) => thread.id);
        const answeredLost = ids('answered-lost');
        const warnings = answeredLost.length === 0
            ? []
            : [
                `${answeredLost.length} parked thread(s) were answered while the new code served and their answer is lost: ${(0,threads_payload/* someOf */.yU)(answeredLost.map((id) => (0,threads_payload/* shortId */.m_)(id) ?? '?'))}; ask their users again`
            ];
        return { payload: { ...payload, waitingAgain: ids('waiting-again'), answeredLost }, warnings };
    }
    catch (error) {
        return { payload, warnings: [unreadable(error, 'after the rollback')] };
    }
}
async function compare(settings, prepared, newSideServer, phase) {
    if (prepared.kind === 'nothing')
        return { verdict: 'skipped', why: prepared.why, warnings: [] };
    if (prepared.kind === 'unreadable')
        return conclude(settings, phase, 'inconclusive', prepared.why);
    const { read, oldSide } = prepared;
    const empty = {
        read: read.threads.length,
        total: read.total,
        parked: (0,threads_payload/* parkedNodes */.h4)(read.threads),
        incompatible: [],
        movedOn: [],
        deleted: read.deleted,
        tooLarge: read.tooLarge,
        canary: [],
        verdict: 'pass'
    };
    if (read.threads.length === 0)
        return { verdict: 'passed', why: 'no parked threads', warnings: [], payload: empty };
    let judged;
    let threads = read.threads;
    const payload = { ...empty };
    try {
        // After the write, the threads read again first: those moved on or deleted are left out.
        if (phase !== 'promote') {
            const reread = await rereadAfterDeploy(newSideServer, read.threads);
            const of = (kind) => reread.filter(({ after }) => after.kind === kind).map(({ thread }) => thread.id);
            payload.movedOn = of('moved-on');
            payload.deleted = [...read.deleted, ...of('deleted')];
            payload.tooLarge = [...read.tooLarge, ...of('too-large')];
            const left = new Set([...payload.movedOn, ...payload.deleted, ...payload.tooLarge]);
            threads = read.threads.filter((thread) => !left.has(thread.id));
            payload.incompatible.push(...reread.flatMap(({ thread, after }) => after.kind === 'stranded'
                ? after.nodes.map((node) => ({
                    thread: thread.id,
                    graph: thread.graph ?? '',
                    why: 'stranded',
                    node
                }))
                : []));
        }
        const newSide = await readGraphs(newSideServer, graphsOf(threads));
        const sides = {
            old: oldSide,
            new: newSide,
            newAnswers: await answersAnything(newSideServer, newSide)
        };
        judged = judge(threads, sides, { read: read.threads.length, total: read.total });
    }
    catch (error) {
        return conclude(settings, phase, 'inconclusive', unreadable(error, 'the new side'), payload);
    }
    // A stranded thread the judgement names (its node gone) is said once, by why it is.
    const named = new Set(judged.incompatible.map((entry) => `${entry.thread}/${entry.node}`));
    payload.incompatible = [
        ...judged.incompatible,
        ...payload.incompatible.filter((entry) => !named.has(`${entry.thread}/${entry.node}`))
    ];
    payload.judgement = judged;
    const kind = payload.incompatible.length > 0 ? 'fail' : judged.verdict;
    return conclude(settings, phase, kind, whyOf(payload, judged, phase), payload);
}
/** The verdict under `on-incompatible` and the phase: a rollback only warns. */
function conclude(settings, phase, judged, why, payload) {
    const soft = settings.onIncompatible === 'warn' || phase === 'rollback';
    const verdict = judged === 'pass' ? 'pass' : soft ? 'warn' : judged;
    const check = {
        pass: 'passed',
        warn: 'passed',
        fail: 'failed',
        inconclusive: 'inconclusive'
    };
    return {
        verdict: check[verdict],
        why,
        warnings: verdict === 'warn' ? warningsOf(payload, why) : [],
        ...(payload && { payload: { ...payload, verdict } })
    };
}
/** One warning per kind of incompatibility, never one per thread. */
function warningsOf(payload, why) {
    if (!payload || payload.incompatible.length === 0)
        return [why];
    const kinds = new Map();
    for (const entry of payload.incompatible)
        kinds.set(entry.why, [...(kinds.get(entry.why) ?? []), entry]);
    return [...kinds.values()].map((entries) => `parked threads: ${entries.length} incompatible: ${(0,threads_payload/* someOf */.yU)(entries.map(threads_payload/* incompatibilityWords */.xh))}`);
}
function whyOf(payload, judged, phase) {
    const of = payload.read < payload.total
        ? `on the ${payload.read} newest of ${payload.total}`
        : `${payload.read} read`;
    const verb = phase === 'promote' ? 'would strand' : 'strands';
    if (payload.incompatible.length > 0)
        return `parked threads (${of}): ${verb} ${new Set(payload.incompatible.map((entry) => entry.thread)).size}: ${(0,threads_payload/* someOf */.yU)(payload.incompatible.map(threads_payload/* incompatibilityWords */.xh))}`;
    if (judged.inconclusive.length > 0)
        return `parked threads could not be judged: ${judged.inconclusive.join('; ')}`;
    if (judged.unread.length > 0)
        return `parked threads (${of}): the release removes ${(0,threads_payload/* someOf */.yU)(judged.unread.map((risk) => `${(0,threads_payload/* shown */.SP)(risk.graph) ?? '?'}/${(0,threads_payload/* shown */.SP)(risk.node) ?? '?'}`))}, where ${payload.total - payload.read} threads not read may wait`;
    return `parked threads (${of}): none stranded`;
}
/** A read that failed, in a sentence; anything else is a bug and thrown. */
function unreadable(error, when) {
    if (!(error instanceof retrying/* AgentReadError */.e))
        throw error;
    // The failure's kind, never the server's text: a misshapen answer forges nothing into the log.
    const { failure } = error;
    const what = failure.kind === 'status'
        ? failure.status === 404
            ? 'answered 404 (check agent-api-key and the deployment URL)'
            : `answered ${failure.status}`
        : FAILURE_WORDS[failure.kind];
    return `parked threads could not be read ${when}: ${error.method} ${error.path.split('?')[0] ?? ''} ${what}`;
}
const FAILURE_WORDS = {
    network: 'got no answer',
    'cut-short': 'answered with a body cut short',
    'wrong-shape': 'answered in another shape than the agent server answers',
    'too-large': 'answered with a body over the cap'
};

// EXTERNAL MODULE: ./src/agent-server/exchange.ts
var exchange = __webpack_require__(7882);
;// CONCATENATED MODULE: ./src/agent-server/canary-threads.ts




const created = schemas/* object */.Ikc({ thread_id: schemas/* string */.YjP().regex(ids/* UUID */.k, 'not a UUID') });
const canaryState = schemas/* object */.Ikc({
    values: schemas/* object */.Ikc({ messages: schemas/* array */.YOg(schemas/* unknown */.L5J()).optional() }).loose()
});
function canaryThreadsClient(server, options = {}) {
    const path = (id) => {
        if (!ids/* UUID */.k.test(id))
            throw new TypeError(`a canary thread is named by a UUID, not ${id}`);
        return `/threads/${id}`;
    };
    return {
        remove: async (id) => {
            const answer = await (0,retrying/* retryingExchange */.U)(server, options, {
                method: 'DELETE',
                path: path(id),
                retryAs: 'GET',
                schema: schemas/* unknown */.L5J(),
                withoutContentType: true
            });
            if (answer.kind === 'answer')
                return 'deleted';
            if (answer.status === 404)
                return 'not-found';
            throw new retrying/* AgentReadError */.e('DELETE', path(id), { kind: 'status', status: answer.status }, answer.detail);
        },
        create: async (id, metadata) => {
            const answer = await (0,retrying/* retryingExchange */.U)(server, options, {
                method: 'POST',
                path: '/threads',
                body: { thread_id: id, metadata, if_exists: 'raise' },
                retryAs: 'POST',
                schema: created
            });
            if (answer.kind === 'status')
                throw new retrying/* AgentReadError */.e('POST', '/threads', { kind: 'status', status: answer.status }, answer.detail);
        },
        run: async (id, body, timeoutMs) => {
            const started = server.now();
            const answer = await (0,exchange/* agentExchange */.L)(server, {
                method: 'POST',
                path: `${path(id)}/runs/wait`,
                body,
                timeoutMs
            });
            return { status: answer.status, text: answer.text, ms: server.now() - started };
        },
        messages: async (id) => {
            const answer = await (0,retrying/* retryingExchange */.U)(server, options, {
                method: 'GET',
                path: `${path(id)}/state`,
                retryAs: 'GET',
                schema: canaryState,
                withoutContentType: true
            });
            if (answer.kind === 'status')
                throw new retrying/* AgentReadError */.e('GET', `${path(id)}/state`, { kind: 'status', status: answer.status }, answer.detail);
            return answer.value.values.messages ?? [];
        }
    };
}

;// CONCATENATED MODULE: ./src/threads/canary-verdict.ts

// What the canaries mean for the step: before the write, a case that could not park cannot test
// the release (with `fail` the step fails before the write, naming it; with `warn` it is left
// out); after `DEPLOYED`, a failed canary is a failed check like an incompatible thread.
/** Before the write: why the step refuses, if it does, and the notices of cases left out. */
function canariesBeforeWrite(settings, canaries) {
    const unusable = [...canaries.didNotPark, ...canaries.failed];
    if (unusable.length === 0)
        return { notices: [] };
    const named = (0,threads_payload/* someOf */.yU)(unusable.map((canary) => `${canary.name} (${canary.why})`));
    if (settings.onIncompatible === 'fail')
        return {
            refuse: `threads.canary: ${unusable.length} case(s) could not park on the serving revision, so they cannot test the release: ${named}`,
            notices: []
        };
    return { notices: [`threads.canary: left out, as they could not park: ${named}`] };
}
/** After `DEPLOYED`: the check's outcome with the canaries' verdicts in it. */
function withCanaries(settings, outcome, verdicts, phase = 'deploy') {
    const failed = verdicts.filter((verdict) => verdict.verdict === 'fail');
    const soft = settings.onIncompatible === 'warn' || phase === 'rollback';
    const payload = outcome.payload && {
        ...outcome.payload,
        canary: verdicts.map((verdict) => ({
            name: verdict.name,
            verdict: verdict.verdict === 'pass'
                ? 'pass'
                : soft
                    ? 'warn'
                    : 'fail',
            ...(verdict.reply !== undefined && { reply: verdict.reply }),
            ...(verdict.verdict !== 'pass' && verdict.why !== undefined && { why: verdict.why })
        }))
    };
    if (failed.length === 0)
        return {
            ...outcome,
            ...(verdicts.length > 0 && {
                why: `${outcome.why ?? 'parked threads judged'}; threads.canary: ${verdicts.length} passed`
            }),
            ...(payload && { payload })
        };
    const why = `threads.canary: ${failed.length} of ${verdicts.length} failed: ${(0,threads_payload/* someOf */.yU)(failed.map((verdict) => `${verdict.name} (${verdict.why ?? 'failed'})`))}`;
    if (soft)
        return {
            ...outcome,
            warnings: [...outcome.warnings, why],
            ...(payload && {
                payload: { ...payload, verdict: payload.verdict === 'pass' ? 'warn' : payload.verdict }
            })
        };
    return {
        verdict: 'failed',
        why: outcome.verdict === 'failed' && outcome.why ? `${outcome.why}; ${why}` : why,
        warnings: outcome.warnings,
        ...(payload && { payload: { ...payload, verdict: 'fail' } })
    };
}

;// CONCATENATED MODULE: ./src/threads/canary-run.ts



/**
 * Before the write: each case parked on the serving revision. `refuse` (with `fail`) when a case
 * could not park; the notices of the cases left out (with `warn`).
 */
async function parkBeforeWrite(run, server, runId) {
    const { settings, deploymentId } = run;
    run.parked =
        server === undefined
            ? {
                parked: [],
                didNotPark: settings.canaries.map((canary) => ({
                    name: canary.name,
                    id: canaryThreadId(deploymentId, canary.name),
                    why: 'the deployment has no usable URL to park it on'
                })),
                failed: []
            }
            : await parkCanaries(settings.canaries, canaryThreadsClient(server), {
                deploymentId,
                runId
            });
    return canariesBeforeWrite(settings, run.parked);
}
/** After `DEPLOYED`: the canaries that parked, resumed on the new revision and judged. */
async function judgeCanaries(run, outcome, server) {
    const parked = run.parked?.parked ?? [];
    if (parked.length === 0)
        return outcome;
    const verdicts = server === undefined
        ? parked.map(({ canary }) => ({
            name: canary.name,
            verdict: 'fail',
            why: 'the deployment has no usable URL to resume it on'
        }))
        : await resumeCanaries(parked, canaryThreadsClient(server));
    return withCanaries(run.settings, outcome, verdicts);
}
/**
 * Every case's thread deleted by its derived id (a case that never parked answers 404, which is
 * fine), never found by its metadata. The notices of deletes that failed.
 */
async function removeCanaries(run, server) {
    if (run.deleted)
        return [];
    run.deleted = true;
    const all = run.settings.canaries.map((canary) => ({
        name: canary.name,
        id: canaryThreadId(run.deploymentId, canary.name)
    }));
    if (server === undefined)
        return all.length === 0 || run.url === undefined
            ? []
            : [`threads.canary: the canaries could not be deleted: no usable URL`];
    const notices = await deleteCanaries({ parked: [], didNotPark: [], failed: all.map((entry) => ({ ...entry, why: '' })) }, canaryThreadsClient(server));
    return notices.map((notice) => `threads.canary: ${notice}`);
}

;// CONCATENATED MODULE: ./src/threads/index.ts
/**
 * The parked-threads step's code, in the order a deploy uses it: `readBeforeWrite` before the
 * write, `checkAfterDeployed` after DEPLOYED, `readAfterRollback` once a rollback brought the old
 * graph back, and the agent server's thread routes they read through; the canaries parked once
 * every step read (`parkBeforeWrite`), judged after DEPLOYED (`judgeCanaries`) and deleted by their
 * ids (`removeCanaries`). Loaded on first use: a run
 * without `threads.parked: check` never loads it.
 */





/***/ })

};

//# sourceMappingURL=698.index.js.map