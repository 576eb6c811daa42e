export const id = 920;
export const ids = [920];
export const modules = {

/***/ 672:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  a2aStep: () => (/* binding */ a2aStep),
  assistantStep: () => (/* binding */ assistantStep),
  runStep: () => (/* binding */ runStep)
});

// EXTERNAL MODULE: ./src/step-kit/define.ts
var step_kit_define = __webpack_require__(2052);
// EXTERNAL MODULE: ./src/step-kit/kit.ts
var kit = __webpack_require__(9695);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./src/control-plane/transport.ts
var transport = __webpack_require__(9747);
// EXTERNAL MODULE: ./src/agent-server/exchange.ts
var exchange = __webpack_require__(7882);
// EXTERNAL MODULE: ./src/agent-server/run.ts
var agent_server_run = __webpack_require__(2890);
// EXTERNAL MODULE: ./src/agent-server/status.ts
var agent_server_status = __webpack_require__(7773);
// EXTERNAL MODULE: ./src/lib/json.ts
var json = __webpack_require__(8453);
// EXTERNAL MODULE: ./src/lib/read-again.ts
var read_again = __webpack_require__(6894);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(2857);
// EXTERNAL MODULE: ./src/lib/expectation.ts
var expectation = __webpack_require__(2981);
;// CONCATENATED MODULE: ./src/agent-checks/checks.ts









/** A check that failed: which, where, and what the server said. */
class AgentCheckError extends Error {
    check;
    path;
    status;
    constructor(check, path, status, detail, 
    /** What the agent did, as a sentence for people, when it answered: the reason shown. */
    words) {
        const saw = `${path} ${status === undefined ? 'got no answer' : `answered ${status}`}: ${detail}`;
        super(`Agent check "${check}" failed: ${saw}`);
        this.check = check;
        this.path = path;
        this.status = status;
        this.name = 'AgentCheckError';
        this.saw = words ?? saw;
    }
    /**
     * What the check saw, without its name: the report names the check beside it. An HTTP error
     * names its path and status; an answer that is wrong says what the agent replied (the path and
     * status stay in the log's message).
     */
    saw;
    /** The checks that passed before this one failed. */
    passed = [];
}
/** Gap between two tries of the assistant while the new server comes up. */
const RETRY_GAP_MS = 2_000;
const MAX_TEXT = 2_000;
const assistantSchema = schemas/* object */.Ikc({ assistant_id: schemas/* string */.YjP(), graph_id: schemas/* string */.YjP().optional() });
const agentCardSchema = schemas/* object */.Ikc({ url: schemas/* string */.YjP().url(), name: schemas/* string */.YjP().optional() }).loose();
const partSchema = schemas/* object */.Ikc({ kind: schemas/* string */.YjP().optional(), text: schemas/* string */.YjP().optional() }).loose();
const jsonRpcErrorSchema = schemas/* object */.Ikc({ error: schemas/* object */.Ikc({ code: schemas/* number */.aig(), message: schemas/* string */.YjP() }) });
const jsonRpcResultSchema = schemas/* object */.Ikc({
    result: schemas/* object */.Ikc({
        artifacts: schemas/* array */.YOg(schemas/* object */.Ikc({ parts: schemas/* array */.YOg(partSchema) }).loose()).optional(),
        status: schemas/* object */.Ikc({
            message: schemas/* object */.Ikc({ parts: schemas/* array */.YOg(partSchema) })
                .loose()
                .optional()
        })
            .loose()
            .optional()
    })
        .loose()
});
/**
 * After DEPLOYED, proves the agent answers: the assistant exists (retried while the server comes
 * up, until the deadline), a stateless run answers the message, and the A2A endpoint answers.
 * Throws an AgentCheckError for the first check that fails. (The check runner runs the three as
 * checks of their own: ./checks.ts.)
 */
async function checkAgent(options) {
    const report = { passed: [] };
    try {
        await checkAssistant(options);
        report.passed.push('assistant');
        if (options.message !== undefined) {
            report.reply = await checkRun({ ...options, message: options.message });
            report.passed.push('run');
        }
        if (options.a2a) {
            report.a2aReply = await checkA2a(options);
            report.passed.push('a2a');
        }
        return report;
    }
    catch (error) {
        if (error instanceof AgentCheckError)
            error.passed = [...report.passed];
        throw error;
    }
}
/** The assistant answers (retried while the server comes up); else an AgentCheckError. */
async function checkAssistant(options) {
    const id = encodeURIComponent(options.assistantId);
    await waitForAssistant(options, `/assistants/${id}`);
    options.onProgress(`Agent check: assistant ${options.assistantId} answers.`);
}
/** A stateless run answers `message` (and meets `agent.expect`): its reply, as shown. */
async function checkRun(options) {
    const path = agent_server_run/* RUN_PATH */.mA;
    const answer = await answered('run', path, () => (0,agent_server_run/* statelessRun */.KM)(options, {
        assistantId: options.assistantId,
        input: { messages: [{ role: 'human', content: options.message }] }
    }));
    if (answer.status !== 200)
        throw new AgentCheckError('run', path, answer.status, serverMessage(answer.text));
    const run = answer.reply;
    if (run.kind !== 'reply')
        throw new AgentCheckError('run', path, 200, run.reason, `the agent's run ended without a reply: ${run.reason}`);
    const replyText = run.text;
    const shown = truncate(replyText);
    if (options.expect && !(0,expectation/* meetsExpectation */.$u)(options.expect, replyText))
        throw new AgentCheckError('run', path, 200, `the reply does not ${(0,expectation/* describeExpectation */.uN)(options.expect)} (agent.expect): ${truncate(replyText, 300)}`, `the agent replied ${JSON.stringify(truncate(replyText, 200))}; agent.expect wants ${expectationWords(options.expect)}`);
    options.onProgress(`Agent check: the run answered: ${shown}`);
    return shown;
}
/** What `agent.expect` wants, in a reader's words. */
function expectationWords(expectation) {
    return expectation.kind === 'text'
        ? JSON.stringify(expectation.text)
        : `a reply matching ${String(expectation.pattern)}`;
}
/** The A2A endpoint answers the message (or "ping"): the text of its answer, as shown. */
async function checkA2a(options) {
    const id = encodeURIComponent(options.assistantId);
    const cardPath = `/.well-known/agent-card.json?assistant_id=${id}`;
    const cardAnswer = await answered('a2a', '/.well-known/agent-card.json', () => (0,exchange/* agentExchange */.L)(options, { method: 'GET', path: cardPath }));
    if (cardAnswer.status !== 200)
        throw new AgentCheckError('a2a', cardPath, cardAnswer.status, serverMessage(cardAnswer.text));
    const card = agentCardSchema.safeParse((0,json/* parseJson */.q)(cardAnswer.text));
    if (!card.success)
        throw new AgentCheckError('a2a', cardPath, 200, 'the agent card names no endpoint url', "the agent's A2A card names no endpoint url");
    const path = `/a2a/${id}`;
    const answer = await answered('a2a', path, () => (0,exchange/* agentExchange */.L)(options, {
        method: 'POST',
        path,
        body: {
            jsonrpc: '2.0',
            id: (0,external_node_crypto_.randomUUID)(),
            method: 'message/send',
            params: {
                message: {
                    role: 'user',
                    messageId: (0,external_node_crypto_.randomUUID)(),
                    parts: [{ kind: 'text', text: options.message ?? 'ping' }]
                }
            }
        },
        headers: { accept: 'application/json' }
    }));
    if (answer.status !== 200)
        throw new AgentCheckError('a2a', path, answer.status, serverMessage(answer.text));
    const reply = (0,json/* parseJson */.q)(answer.text);
    const rpcError = jsonRpcErrorSchema.safeParse(reply);
    if (rpcError.success) {
        const { code, message } = rpcError.data.error;
        throw new AgentCheckError('a2a', path, 200, `JSON-RPC error ${code}: ${message}`, `the agent answered over A2A with error ${code}: ${message}`);
    }
    const rpc = jsonRpcResultSchema.safeParse(reply);
    if (!rpc.success) {
        throw new AgentCheckError('a2a', path, 200, 'the answer is not a JSON-RPC result', "the agent's A2A answer is not a JSON-RPC result");
    }
    const result = rpc.data.result;
    const parts = result.artifacts?.flatMap((artifact) => artifact.parts) ?? result.status?.message?.parts ?? [];
    const text = parts
        .filter((part) => part.text !== undefined)
        .map((part) => part.text)
        .join('\n');
    const shown = truncate(text);
    options.onProgress(`Agent check: A2A answered: ${shown || '(no text)'}`);
    return shown;
}
/**
 * The assistant must answer 200 with an assistant. Asked again while the server is not ready or
 * has no such assistant yet (the new revision may bring it), until the deadline; a refused key
 * or a rejected request ends it at once.
 */
async function waitForAssistant(options, path) {
    const verdict = await (0,read_again/* readAgain */.n)({
        read: () => readAssistant(options, path),
        deadline: options.deadline,
        gapMs: RETRY_GAP_MS,
        signal: options.signal,
        now: options.now,
        sleep: options.sleep
    });
    switch (verdict.kind) {
        case 'seen':
            return;
        case 'final':
            throw verdict.value;
        case 'not-seen':
            throw new AgentCheckError('assistant', path, verdict.value.status, verdict.value.detail);
        case 'could-not-tell':
            throw new AgentCheckError('assistant', path, undefined, verdict.why);
    }
}
async function readAssistant(options, path) {
    let answer;
    try {
        answer = await (0,exchange/* agentExchange */.L)(options, { method: 'GET', path });
    }
    catch (error) {
        if (!(error instanceof transport/* TransportError */.wX))
            throw error;
        // A body over the cap is read once: asking again would download it again.
        if (error.kind === 'too-large')
            return { kind: 'final', value: tooLargeError('assistant', path, error) };
        return { kind: 'could-not-tell', why: error.reason };
    }
    switch ((0,agent_server_status/* agentStatusMeaning */.Z)(answer.status)) {
        case 'answered':
            return assistantSchema.safeParse((0,json/* parseJson */.q)(answer.text)).success
                ? { kind: 'seen', value: true }
                : { kind: 'not-seen', value: { status: 200, detail: 'the answer is not an assistant' } };
        case 'missing':
            return {
                kind: 'not-seen',
                value: {
                    status: answer.status,
                    detail: `${serverMessage(answer.text)}. A 404 also comes when the key is not tied to the agent's owner: check agent-api-key (and agent-auth-scheme for builder agents), and that agent.assistant names an assistant id or graph name.`
                }
            };
        case 'refused':
            return {
                kind: 'final',
                value: new AgentCheckError('assistant', path, answer.status, `${serverMessage(answer.text)}. ${agent_server_status/* REFUSED_HINT */.r}`)
            };
        case 'rejected':
            return {
                kind: 'final',
                value: new AgentCheckError('assistant', path, answer.status, serverMessage(answer.text))
            };
        case 'not-ready':
            return {
                kind: 'not-seen',
                value: { status: answer.status, detail: serverMessage(answer.text) }
            };
    }
}
/** An exchange of the run or A2A check (`path` as shown): any failure of it fails the check. */
async function answered(check, path, exchange) {
    try {
        return await exchange();
    }
    catch (error) {
        if (!(error instanceof transport/* TransportError */.wX))
            throw error;
        if (error.kind === 'too-large')
            throw tooLargeError(check, path, error);
        throw new AgentCheckError(check, path, undefined, error.kind === 'timeout' ? 'no answer in time' : error.reason);
    }
}
function tooLargeError(check, path, error) {
    return new AgentCheckError(check, path, error.status, `${error.reason}, more than any answer of an agent server: the check stopped reading it and does not ask again.`);
}
/** The server's own message from an error body, or the start of the body. */
function serverMessage(text) {
    const body = (0,json/* parseJson */.q)(text);
    const message = body?.detail ?? body?.message;
    return truncate(typeof message === 'string' ? message : text.trim() || '(empty body)', 300);
}
function truncate(text, max = MAX_TEXT) {
    return text.length > max ? `${text.slice(0, max)}…` : text;
}

// EXTERNAL MODULE: ./src/agent-checks/section.ts
var section = __webpack_require__(1206);
;// CONCATENATED MODULE: ./src/agent-checks/step.ts




// The steps that ask the agent server itself, once /info proved it is this revision's: the
// assistant, a run of `agent.message` and A2A (the smoke suite is ../smoke/step.ts).
/** What an agent step needs: `verify-*`, and the deployment's URL (/info fails without one). */
function agentNeeds(config, revision, extra) {
    const verify = config.agent;
    const url = revision?.result.deploymentUrl;
    if (!verify || !url)
        return undefined;
    const more = extra(verify);
    return more && { verify, url, ...more };
}
/**
 * One agent check: what it read, or its AgentCheckError as a verdict. A check that got no
 * answer because the run's `timeout` ended could not conclude; any other is a failure.
 */
async function agentCheck(input, check) {
    const { verify, url } = input.need;
    try {
        const read = await check({
            ...(0,kit/* agentServer */.Px)(input, verify, url, section/* AGENT_KEYS */.TQ.timeout),
            assistantId: verify.assistantId,
            message: verify.message,
            expect: verify.expect,
            a2a: verify.a2a,
            onProgress: (line) => input.context.log.info(line)
        });
        return { verdict: 'passed', ...read };
    }
    catch (error) {
        if (!(error instanceof AgentCheckError))
            throw error;
        const cutByTimeout = error.status === undefined && input.context.clock.now() >= input.deadline;
        return cutByTimeout
            ? {
                verdict: 'inconclusive',
                why: `${error.message} The run's timeout ended during the check, so it could not conclude; the revision is DEPLOYED; outputs are set.`,
                saw: `${error.saw.replace(/\.?$/, '.')} The run's timeout ended during the check, so it could not conclude.`
            }
            : {
                verdict: 'failed',
                why: `${error.message} The revision is DEPLOYED; outputs are set.`,
                saw: error.saw
            };
    }
}
const assistantStep = (0,step_kit_define/* defineStep */.o)({
    name: 'assistant',
    needs: (config, revision) => agentNeeds(config, revision, () => ({})),
    run: (input) => agentCheck(input, (options) => checkAssistant(options).then(() => ({}))),
    broughtBack: 'again',
    inconclusiveRollsBack: true,
    stopsLaterOn: kit/* ENDS_THE_CHECKS */.xk
});
const runStep = (0,step_kit_define/* defineStep */.o)({
    name: 'run',
    needs: (config, revision) => agentNeeds(config, revision, ({ message }) => message === undefined ? undefined : { message }),
    run: (input) => agentCheck(input, async (options) => ({
        payload: await checkRun({ ...options, message: input.need.message })
    })),
    broughtBack: 'again',
    inconclusiveRollsBack: true,
    stopsLaterOn: kit/* ENDS_THE_CHECKS */.xk
});
const a2aStep = (0,step_kit_define/* defineStep */.o)({
    name: 'a2a',
    needs: (config, revision) => agentNeeds(config, revision, ({ a2a }) => (a2a ? {} : undefined)),
    run: (input) => agentCheck(input, async (options) => ({ payload: await checkA2a(options) })),
    broughtBack: 'again',
    inconclusiveRollsBack: true,
    stopsLaterOn: kit/* ENDS_THE_CHECKS */.xk
});
/**
 * `smoke.cases`: at least `smoke.min-pass` cases pass. Too few because the run's `timeout`
 * ended before some cases were answered could not conclude.
 */


/***/ }),

/***/ 7882:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ agentExchange)
/* harmony export */ });
/* unused harmony export AGENT_REQUEST_TIMEOUT_MS */
/* harmony import */ var _control_plane_transport__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9747);

/** The longest one exchange with the agent server may take, before the deadline cuts it. */
const AGENT_REQUEST_TIMEOUT_MS = 60_000;
/**
 * One exchange with the agent server: its key and auth scheme sent, bounded by the request
 * timeout and the deadline, the answer read up to the agent reply cap. Throws the transport's
 * error (no answer, none in time, too large).
 */
async function agentExchange(server, request) {
    const bound = (0,_control_plane_transport__WEBPACK_IMPORTED_MODULE_0__/* .attemptTimeout */ .JS)(request.timeoutMs ?? AGENT_REQUEST_TIMEOUT_MS, server.deadline, server.now());
    if (!bound)
        throw new _control_plane_transport__WEBPACK_IMPORTED_MODULE_0__/* .TransportError */ .wX('timeout', 'the time allowed ran out before it was sent');
    const headers = {
        // `/schemas` refuses a JSON content type without a body (400): such a read goes without.
        ...(request.withoutContentType ? {} : { 'content-type': 'application/json' }),
        'x-api-key': server.apiKey,
        ...request.headers
    };
    if (server.authScheme)
        headers['x-auth-scheme'] = server.authScheme;
    const answer = await (0,_control_plane_transport__WEBPACK_IMPORTED_MODULE_0__/* .send */ .tN)({
        url: `${server.baseUrl.replace(/\/+$/, '')}${request.path}`,
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: server.signal,
        timeoutMs: bound.timeoutMs,
        maxBodyBytes: _control_plane_transport__WEBPACK_IMPORTED_MODULE_0__/* .BODY_CAPS */ .V9.agentReply,
        dispatcher: server.dispatcher,
        sleep: server.sleep
    });
    const retryAfter = answer.headers['retry-after'];
    return {
        status: answer.status,
        text: answer.bodyText,
        retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter
    };
}


/***/ }),

/***/ 7111:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Or: () => (/* binding */ readAgentReply),
/* harmony export */   pm: () => (/* binding */ sentMessageCount)
/* harmony export */ });
/* unused harmony export NO_REPLY */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2857);

// The one reading of a stateless run's answer (`POST /runs/wait`): the agent checks, the smoke
// suite and the evaluation gate judge what it finds here, and nothing else. An agent that
// answered nothing of its own (its input state handed back, an empty list) has not answered.
/** The reason given when an answer holds nothing the agent said. */
const NO_REPLY = 'the answer holds no reply from the agent';
const textPart = zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([
    zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({ type: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional(), text: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP().optional() }).loose()
]);
const content = zod__WEBPACK_IMPORTED_MODULE_0__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(textPart)]);
/** A message as the server serialises it (`type`), as a client writes it (`role`), or as
 * LangChain serialises an object: `{lc, type: "constructor", id: [..., "AIMessage"], kwargs}`
 * or `{type: "ai", data: {content}}`. */
const messageSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    type: zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J().optional(),
    role: zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J().optional(),
    id: zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J().optional(),
    content: zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J().optional(),
    kwargs: zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({ content: zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J().optional() }).loose().optional(),
    data: zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({ content: zod__WEBPACK_IMPORTED_MODULE_0__/* .unknown */ .L5J().optional() }).loose().optional()
})
    .loose();
const AGENT_TYPES = new Set(['ai', 'AIMessage', 'AIMessageChunk']);
const AGENT_ROLES = new Set(['assistant', 'ai']);
/**
 * How many messages a run's input sends: the answer's `messages` list begins with them, so the
 * agent's reply stands after that many. A single message (not a list) counts one.
 */
function sentMessageCount(input) {
    const messages = input?.messages;
    if (messages === undefined || messages === null)
        return 0;
    return Array.isArray(messages) ? messages.length : 1;
}
/**
 * Reads the reply from a run's answer body. `sent`: how many messages the run's input sent (see
 * sentMessageCount). Pure; never throws.
 */
function readAgentReply(body, sent) {
    let answer;
    try {
        answer = JSON.parse(body);
    }
    catch {
        return { kind: 'no-reply', reason: `${NO_REPLY} (the answer is not JSON)`, answer: undefined };
    }
    if (isRecord(answer) && answer.__error__ !== undefined && answer.__error__ !== null)
        return {
            kind: 'error-state',
            reason: `the graph failed: ${graphErrorMessage(answer.__error__)}`,
            answer
        };
    if (isRecord(answer) && Array.isArray(answer.messages)) {
        const text = agentText(answer.messages.slice(sent));
        return text === undefined || text.trim() === ''
            ? { kind: 'no-reply', reason: NO_REPLY, answer }
            : { kind: 'reply', text, answer };
    }
    // A graph whose output is structured answers with it: the whole answer is the reply.
    if (isEmpty(answer))
        return { kind: 'no-reply', reason: NO_REPLY, answer };
    return { kind: 'reply', text: JSON.stringify(answer), answer };
}
/** The text of the last message from the agent among `messages`; undefined when none is. */
function agentText(messages) {
    for (let index = messages.length - 1; index >= 0; index--) {
        const parsed = messageSchema.safeParse(messages[index]);
        if (!parsed.success || !fromAgent(parsed.data))
            continue;
        const { data } = parsed;
        return textOf(data.kwargs?.content ?? data.data?.content ?? data.content);
    }
    return undefined;
}
function fromAgent(message) {
    if (message.type === 'constructor' && Array.isArray(message.id))
        return AGENT_TYPES.has(String(message.id.at(-1)));
    return ((typeof message.type === 'string' && AGENT_TYPES.has(message.type)) ||
        (typeof message.role === 'string' && AGENT_ROLES.has(message.role)));
}
/** A message's content as text: a string, or the text parts of a list joined. */
function textOf(value) {
    const parsed = content.safeParse(value);
    if (!parsed.success)
        return '';
    if (typeof parsed.data === 'string')
        return parsed.data;
    return parsed.data.map((part) => (typeof part === 'string' ? part : (part.text ?? ''))).join('');
}
function graphErrorMessage(error) {
    const message = error.message;
    return typeof message === 'string' ? message : JSON.stringify(error);
}
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function isEmpty(value) {
    if (value === null || value === '')
        return true;
    if (Array.isArray(value))
        return value.length === 0;
    return isRecord(value) && Object.keys(value).length === 0;
}


/***/ }),

/***/ 2890:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   KM: () => (/* binding */ statelessRun),
/* harmony export */   mA: () => (/* binding */ RUN_PATH)
/* harmony export */ });
/* unused harmony export runAnswer */
/* harmony import */ var _exchange__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7882);
/* harmony import */ var _reply__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7111);


/** A stateless run that answers once the graph ends: what the checks, the suite and the gate send. */
const RUN_PATH = '/runs/wait';
/**
 * One stateless run: `input` sent to `assistantId`, the answer read by the one reader of the
 * agent's reply. Throws the transport's error (no answer, none in time, too large).
 */
async function statelessRun(server, run) {
    const answer = await (0,_exchange__WEBPACK_IMPORTED_MODULE_0__/* .agentExchange */ .L)(server, {
        method: 'POST',
        path: RUN_PATH,
        body: { assistant_id: run.assistantId, input: run.input },
        timeoutMs: run.timeoutMs
    });
    return runAnswer(answer.status, answer.text, run.input);
}
/** A run's answer as read: its reply stands after the messages its input sent. Pure. */
function runAnswer(status, text, input) {
    return { status, text, reply: (0,_reply__WEBPACK_IMPORTED_MODULE_1__/* .readAgentReply */ .Or)(text, (0,_reply__WEBPACK_IMPORTED_MODULE_1__/* .sentMessageCount */ .pm)(input)) };
}


/***/ }),

/***/ 7773:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ agentStatusMeaning),
/* harmony export */   r: () => (/* binding */ REFUSED_HINT)
/* harmony export */ });
const MEANINGS = {
    200: 'answered',
    401: 'refused',
    403: 'refused',
    404: 'missing',
    408: 'not-ready',
    429: 'not-ready'
};
function agentStatusMeaning(status) {
    return MEANINGS[status] ?? (status >= 500 ? 'not-ready' : 'rejected');
}
/** What to do about a refused key, said wherever a check is refused. */
const REFUSED_HINT = 'Check agent-api-key and agent-auth-scheme.';


/***/ }),

/***/ 8227:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   assistantsStep: () => (/* binding */ assistantsStep)
/* harmony export */ });
/* harmony import */ var _step_kit_define__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2052);
/* harmony import */ var _step_kit_kit__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9695);
/* harmony import */ var _entries__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2057);
/**
 * Assistants as code as a step after DEPLOYED: each entry's assistant read before the control
 * plane's write (so `on-drift: fail` writes nothing anywhere), made to match on the new revision
 * after the serving check and before the agent checks, and restored on a revision a rollback
 * brings back. The code is ./index.ts, loaded on first use.
 */



// One chunk with the parked threads' code (the same name there): the agent server's resource
// client they share is bundled once, and a run with neither step loads none of it.
const assistantsCode = () => __webpack_require__.e(/* import() | agent-resources */ 698).then(__webpack_require__.bind(__webpack_require__, 3406));
/** Its client of the agent server at `url` (none without a usable URL), under `deadline`. */
async function clientAt(url, need, context, deadline) {
    const server = (0,_step_kit_kit__WEBPACK_IMPORTED_MODULE_0__/* .agentServerAt */ .k3)(url, { apiKey: need.apiKey, authScheme: need.authScheme }, context, deadline);
    if (server === undefined)
        return undefined;
    const { assistantsClient } = await assistantsCode();
    return assistantsClient(server);
}
/** A line per assistant: what was done, its versions, the changed key paths (never a value). */
function logRows(report, context) {
    for (const row of report.rows) {
        const versions = row.before === undefined && row.after === undefined
            ? ''
            : `, version ${row.before ?? '—'} → ${row.after ?? '—'}`;
        const changed = row.changed.length > 0 ? `; changed ${row.changed.join(', ')}` : '';
        const why = row.why === undefined ? '' : ` (${row.why})`;
        context.log.info(`Assistant ${row.name} (${row.id.slice(0, 8)}): ${row.result ?? 'not written'}${versions}${changed}${why}`);
    }
}
const assistantsStep = (0,_step_kit_define__WEBPACK_IMPORTED_MODULE_2__/* .defineStep */ .o)({
    name: 'assistants',
    needs: (config) => config.assistants,
    prepare: async (need, { deployment }, context) => {
        const { observe, planLines, driftRefusal } = await assistantsCode();
        const url = deployment?.source_config.custom_url ?? undefined;
        const client = await clientAt(url, need, context, context.deadline.at);
        const observed = await observe(need.entries, client);
        for (const line of observed.notices)
            context.log.notice(line);
        const drifted = observed.observed.filter(({ drift }) => drift.length > 0);
        if (drifted.length > 0 && need.onDrift === 'fail')
            return { refused: driftRefusal(drifted) };
        return { prepared: observed, plan: planLines(observed) };
    },
    dryRun: 'Dry run: the assistants were read; none was written.',
    run: async ({ need, prepared, revision, context, deadline }) => {
        const client = await clientAt(revision.result.deploymentUrl, need, context, deadline);
        if (client === undefined)
            return {
                verdict: 'failed',
                why: 'The assistants could not be written: the deployment has no usable URL.'
            };
        const { applyEntries } = await assistantsCode();
        const applied = await applyEntries(prepared, {
            client,
            stampOf: (entry) => ({
                digest: (0,_entries__WEBPACK_IMPORTED_MODULE_1__/* .entryDigest */ .LE)(entry),
                commit: context.workflow?.commit,
                revisionId: revision.revisionId
            }),
            notice: (line) => context.log.notice(line)
        });
        logRows(applied.report, context);
        return applied.ok
            ? { verdict: 'passed', payload: applied.report }
            : {
                verdict: applied.inconclusive ? 'inconclusive' : 'failed',
                why: `Assistants as code failed: ${applied.why ?? 'a write failed'}.`,
                saw: `${applied.why ?? 'a write failed'}.`,
                payload: applied.report
            };
    },
    restore: async ({ need, prepared, ran, revision, context, deadline }) => {
        const client = await clientAt(revision.result.deploymentUrl, need, context, deadline);
        if (client === undefined)
            return {
                verdict: 'failed',
                why: 'The assistants could not be restored: the deployment has no usable URL.'
            };
        const { restoreStamped, restoreWritten } = await assistantsCode();
        if (ran !== undefined) {
            const versionsOf = (id) => prepared?.observed.find((observed) => observed.id === id)?.versions ?? [];
            const restored = await restoreWritten(client, ran, versionsOf);
            logRows(restored.report, context);
            return restored.ok
                ? { verdict: 'passed', payload: restored.report }
                : {
                    verdict: 'failed',
                    why: 'The assistants could not all be restored to their earlier versions.',
                    payload: restored.report
                };
        }
        // operation rollback: the revision it brings back is the one it redeployed.
        const broughtBack = revision.result.redeployOf ?? revision.revisionId;
        const restored = await restoreStamped(client, broughtBack);
        logRows(restored.report, context);
        if (restored.none)
            context.log.notice(`Assistants: no managed assistant has a version stamped with revision ${broughtBack}; none was restored.`);
        return restored.ok
            ? { verdict: 'passed', payload: restored.report }
            : {
                verdict: 'failed',
                why: `The assistants could not all be restored to the versions of revision ${broughtBack}.`,
                payload: restored.report
            };
    },
    restoresUnder: ['rollback'],
    broughtBack: {
        skipped: (toRevisionId) => `this run wrote no assistant, so none is restored on revision ${toRevisionId}`,
        notice: (why) => `Assistants: ${why}.`
    },
    // The spec's table: the assistants' read-back could not conclude → the revision is unproven.
    inconclusiveRollsBack: true,
    stopsLaterOn: _step_kit_kit__WEBPACK_IMPORTED_MODULE_0__/* .ENDS_THE_CHECKS */ .xk
});


/***/ }),

/***/ 4595:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   bakeStep: () => (/* binding */ bakeStep)
/* harmony export */ });
/* harmony import */ var _step_kit_define__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2052);
/* harmony import */ var _step_kit_kit__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9695);
/**
 * The bake window as a step after DEPLOYED: its reads before anything is written (the
 * deployment's tracing project, the previous revision's window), then, once every other check
 * passed, the new revision's own traffic watched for `bake.duration`. The bake itself is
 * ./index.ts, loaded on first use: a run without `bake.duration` never loads it, nor the tracing
 * client.
 */


const bake = () => Promise.all(/* import() */[__webpack_require__.e(618), __webpack_require__.e(902)]).then(__webpack_require__.bind(__webpack_require__, 3902));
const NOT_AGAIN = 'brings back a revision that served before, so it is not baked again';
/** The bake's means: the tracing service's client, the run's clock, cancel and log. */
async function bakeDeps(settings, context) {
    const { bakeClient } = await bake();
    const { config, clock, log } = context;
    return {
        client: bakeClient({
            tracingUrl: settings.tracingUrl,
            apiKey: config.apiKey,
            tenantId: config.tenantId,
            dispatcher: context.dispatcher,
            clock,
            info: (line) => log.info(line)
        }),
        clock,
        signal: context.signal,
        info: (line) => log.info(line),
        notice: (line) => log.notice(line)
    };
}
const bakeStep = (0,_step_kit_define__WEBPACK_IMPORTED_MODULE_1__/* .defineStep */ .o)({
    name: 'bake',
    needs: (config) => config.bake,
    skippedUnder: {
        rollback: {
            why: `operation rollback ${NOT_AGAIN}`,
            notice: `Bake window skipped: operation rollback ${NOT_AGAIN}.`
        }
    },
    prepare: async (settings, { deployment, name }, context) => {
        const { describeBakePlan, prepareBake } = await bake();
        const deps = await bakeDeps(settings, context);
        const target = {
            deploymentId: deployment?.id,
            deploymentName: name,
            previousRevisionId: deployment?.active_revision_id ?? undefined,
            tracerSessionId: deployment?.tracer_session_id
        };
        const read = await prepareBake(settings, target, deps, {
            startedAt: context.deadline.startedAt,
            deadline: context.deadline.at
        });
        return 'refused' in read ? read : { ...read, plan: describeBakePlan(read.prepared) };
    },
    dryRun: 'Dry run: the bake window read what it needs before the write; nothing was watched.',
    run: async ({ prepared, revision, context, deadline }) => {
        const { runBake } = await bake();
        const deps = await bakeDeps(prepared.settings, context);
        const outcome = await runBake(prepared, revision.revisionId, {
            ...deps,
            progress: context.progress,
            deadline
        });
        if (outcome.kind === 'skipped') {
            context.log.notice(`Bake window skipped: ${outcome.why}.`);
            return { verdict: 'skipped', why: outcome.why };
        }
        const { report } = outcome;
        if (report.verdict === 'pass')
            return { verdict: 'passed', payload: report };
        const failed = report.verdict === 'fail';
        return {
            verdict: failed ? 'failed' : 'inconclusive',
            why: `The bake window ${failed ? 'failed' : 'could not conclude'}: ${report.why ?? 'no reason given'}.`,
            saw: `${report.why ?? 'no reason given'}.`,
            payload: report
        };
    },
    // What a rollback brings back served before: the bake's question is answered for it.
    broughtBack: {
        skipped: (toRevisionId) => `revision ${toRevisionId}, brought back, is not baked again: it served before`,
        notice: (why) => `Bake window: ${why}.`
    },
    inconclusiveRollsBack: true,
    stopsLaterOn: _step_kit_kit__WEBPACK_IMPORTED_MODULE_0__/* .ENDS_THE_CHECKS */ .xk,
    onlyAfterPasses: true
});


/***/ }),

/***/ 8782:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   gateStep: () => (/* binding */ gateStep)
/* harmony export */ });
/* harmony import */ var _agent_checks_section__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1206);
/* harmony import */ var _control_plane_errors__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4007);
/* harmony import */ var _lib_duration__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2543);
/* harmony import */ var _lib_url__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5194);
/* harmony import */ var _step_kit_define__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2052);
/* harmony import */ var _step_kit_kit__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9695);
/* harmony import */ var _version__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(311);
/* harmony import */ var _report__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3162);
/**
 * The evaluation gate as a step after DEPLOYED: planned once the deployment was read and before
 * anything is written (its reads, its refusals, the serving revision's experiment when no
 * baseline exists), then run as the last check. The gate itself is ./index.ts, loaded on first
 * use: a run without `gate.dataset` never loads it, nor the tracing client.
 */








/** The gate's reads refused what the policy asks: every problem, each naming its key. */
function gateRefusal(problems) {
    return {
        message: `The evaluation gate refused ${problems.length === 1 ? 'a setting' : `${problems.length} settings`} of the release policy after reading the tracing service; nothing was written:\n` +
            problems.map((problem) => `  - ${problem.key}: ${problem.message}`).join('\n'),
        refused: `the evaluation gate refused ${[...new Set(problems.map((problem) => problem.key))].join(', ')}`
    };
}
const evaluation = () => Promise.all(/* import() */[__webpack_require__.e(618), __webpack_require__.e(839)]).then(__webpack_require__.bind(__webpack_require__, 1839));
const NOT_AGAIN = 'brings back a revision that served before, so it is not evaluated again';
/** The gate's means: the tracing service's client, under the run's deadline. */
async function gateDeps(settings, context) {
    const { config, clock, log } = context;
    const { TracingClient } = await evaluation();
    const client = new TracingClient({
        baseUrl: settings.tracingUrl ?? '',
        apiKey: config.apiKey,
        tenantId: config.tenantId,
        userAgent: `deploy-agent-action/${_version__WEBPACK_IMPORTED_MODULE_6__/* .ACTION_VERSION */ .Y}`,
        dispatcher: context.dispatcher,
        now: clock.now,
        sleep: clock.sleep,
        onRetry: ({ method, path, attempt, delayMs, reason }) => log.info(`Tracing service: ${method} ${path}: ${reason}; retry ${attempt} in ${(0,_lib_duration__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a)(delayMs, 'fine')}`)
    });
    return {
        client,
        deadline: context.deadline.at,
        signal: context.signal,
        dispatcher: context.dispatcher,
        clock,
        waitUntil: (ms, deadline) => (0,_step_kit_kit__WEBPACK_IMPORTED_MODULE_4__/* .within */ .ux)(clock, ms, deadline),
        info: (line) => log.info(line),
        notice: (line) => log.notice(line)
    };
}
const gateStep = (0,_step_kit_define__WEBPACK_IMPORTED_MODULE_7__/* .defineStep */ .o)({
    name: 'gate',
    needs: (config) => {
        const agent = (0,_agent_checks_section__WEBPACK_IMPORTED_MODULE_0__/* .agentSettingsOf */ .Kv)(config);
        return (config.gate && {
            settings: config.gate,
            agent: {
                apiKey: agent?.apiKey ?? config.apiKey,
                ...(agent?.authScheme !== undefined && { authScheme: agent.authScheme })
            }
        });
    },
    skippedUnder: {
        rollback: {
            why: `operation rollback ${NOT_AGAIN}`,
            notice: `Evaluation gate skipped: operation rollback ${NOT_AGAIN}.`
        }
    },
    prepare: async ({ settings, agent }, { deployment, name }, context) => {
        const { describeGatePlan, planGate } = await evaluation();
        const deps = await gateDeps(settings, context);
        const url = deployment?.source_config.custom_url;
        const checkedUrl = url === undefined || url === null ? undefined : (0,_lib_url__WEBPACK_IMPORTED_MODULE_3__/* .checkHttpUrl */ .O)(url);
        const planned = await planGate(settings, {
            deploymentId: deployment?.id,
            deploymentName: name,
            previousRevisionId: deployment?.active_revision_id ?? undefined,
            deploymentUrl: checkedUrl && 'url' in checkedUrl ? checkedUrl.url : undefined
        }, deps);
        switch (planned.kind) {
            case 'refused':
                return { refused: gateRefusal(planned.problems) };
            case 'unreadable':
                return {
                    refused: {
                        message: planned.why,
                        refused: 'the evaluation gate could not read the tracing service'
                    }
                };
            case 'skipped':
                context.log.notice(`Evaluation gate skipped: ${planned.why}.`);
                return { skipped: planned.why };
            case 'planned':
                return {
                    prepared: { plan: planned.plan, deps, agent },
                    plan: describeGatePlan(planned.plan)
                };
        }
    },
    dryRun: 'Dry run: the evaluation gate read what it needs; no experiment was written.',
    prepareWrites: async (prepared, context) => {
        const { runServingBaseline } = await evaluation();
        try {
            const servingBaseline = await runServingBaseline(prepared.plan, prepared.agent, prepared.deps);
            return { prepared: { ...prepared, servingBaseline } };
        }
        catch (error) {
            if (context.signal?.aborted)
                throw error;
            if (!(error instanceof _control_plane_errors__WEBPACK_IMPORTED_MODULE_1__/* .ControlPlaneError */ .Cj))
                throw error;
            // A gate whose baseline cannot be made could not conclude: nothing is deployed for it.
            return {
                refused: {
                    message: `The evaluation gate could not evaluate the serving revision before the write (the tracing service failed: ${error.message}); nothing was deployed. Run the step again once the tracing service answers.`,
                    refused: 'the evaluation gate could not evaluate the serving revision'
                }
            };
        }
    },
    /** The experiment on this run's revision, its scores, its verdict. */
    run: async ({ prepared, revision, context, deadline }) => {
        const { result } = revision;
        const { runGate } = await evaluation();
        const report = await runGate(prepared.plan, {
            revisionId: revision.revisionId,
            deploymentId: revision.deploymentId,
            deploymentUrl: result.deploymentUrl ?? '',
            commit: result.promotion?.commit ?? result.promotion?.fromCommit ?? context.workflow?.commit,
            workflowRun: context.workflow?.runUrl
        }, prepared.agent, { ...prepared.deps, deadline, progress: context.progress }, prepared.servingBaseline);
        report.notices.forEach((notice) => context.log.notice(notice));
        const { verdict, why } = report.verdict;
        (0,_report__WEBPACK_IMPORTED_MODULE_5__/* .gateLogLines */ .DY)(report).forEach((line) => context.log.info(line));
        return {
            verdict,
            ...(why !== undefined && {
                why: `The evaluation gate ${verdict === 'failed' ? 'failed' : 'could not conclude'}: ${why}.`,
                // The report names the gate beside what it saw.
                saw: `${why}.`
            }),
            payload: report
        };
    },
    // A revision brought back by a rollback served before, and its earlier experiment stands (the
    // report adds the cost when the service was degraded: it alone knows the gate's payload).
    broughtBack: {
        skipped: (toRevisionId) => `revision ${toRevisionId}, brought back, is not evaluated again: it served before, and its earlier experiment still stands`,
        notice: (why) => `Evaluation gate: ${why}.`
    },
    inconclusiveRollsBack: true,
    stopsLaterOn: _step_kit_kit__WEBPACK_IMPORTED_MODULE_4__/* .ENDS_THE_CHECKS */ .xk
});


/***/ }),

/***/ 4990:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  execute: () => (/* binding */ execute)
});

// EXTERNAL MODULE: ./src/lib/duration.ts
var duration = __webpack_require__(2543);
// EXTERNAL MODULE: ./src/operations/deps.ts
var operations_deps = __webpack_require__(5498);
// EXTERNAL MODULE: ./src/outcomes.ts
var outcomes = __webpack_require__(3558);
// EXTERNAL MODULE: ./src/operations/operations.ts
var operations = __webpack_require__(6594);
// EXTERNAL MODULE: ./src/operations/rollback.ts + 1 modules
var rollback = __webpack_require__(1996);
// EXTERNAL MODULE: ./src/result.ts
var src_result = __webpack_require__(1666);
// EXTERNAL MODULE: ./src/policy/sections.ts + 5 modules
var sections = __webpack_require__(9594);
// EXTERNAL MODULE: ./src/step-kit/kit.ts
var kit = __webpack_require__(9695);
;// CONCATENATED MODULE: ./src/run/deadlines.ts


// Every deadline of a run is made here: the run's (`timeout`), the rollback's
// (`rollback.timeout`, from when it starts), each step's own, the bounded exceptions to
// `timeout` (the bake), and the shorter ones fixed inside them. Nothing rewrites the config to
// move a deadline: a piece of the run is given the Deadline it works to.
/** The run's deadline: `timeout` from when the step started. */
function runDeadline(startedAt, timeoutMs) {
    return { at: startedAt + timeoutMs, input: 'timeout', budgetMs: timeoutMs, startedAt };
}
/** A rollback's deadline: `rollback.timeout` from now, whatever the run's time left. */
function rollbackDeadline(clock, rollbackTimeoutMs) {
    const startedAt = clock.now();
    return {
        at: startedAt + rollbackTimeoutMs,
        input: 'rollback.timeout',
        budgetMs: rollbackTimeoutMs,
        startedAt
    };
}

/**
 * The budgets the steps on one revision share (`agent.timeout` for the agent checks), by the
 * input that sets each: fixed when the first step asks (`ms` from then, never past the checks'
 * deadline), the same for the ones after it.
 */
function sharedDeadlines(clock, checksEnd) {
    const fixed = new Map();
    return (input, ms) => {
        const at = fixed.get(input) ?? (0,kit/* within */.ux)(clock, ms, checksEnd);
        fixed.set(input, at);
        return at;
    };
}
/** A step's deadline on a revision: the phase's, or its own bound from now when it has one. */
function stepDeadline(clock, 
/** The step's name (its row's). */
step, config, phaseEnd) {
    // The bounded exceptions to `timeout`: a section's declaration says its step's bound.
    const overtime = (0,sections/* overtimeMs */.iR)(step, config);
    return overtime === undefined ? phaseEnd : clock.now() + overtime;
}
/** How long the steps a run asks for may run past `timeout`, each under its own bound. */
function stepsOvertimeMs(config) {
    return sections/* DECLARATIONS */.UJ.reduce((sum, { name }) => sum + ((0,sections/* overtimeMs */.iR)(name, config) ?? 0), 0);
}
/** The runner ends a job after 6 hours; a step it kills is a cancel (no rollback). */
const RUNNER_JOB_LIMIT_MS = 6 * 3_600_000;
/**
 * How long a run may take at the most: `timeout`, then the steps that may run past it, then a
 * rollback after them under its own `rollback.timeout`.
 */
function longestRun(config) {
    const overtimeMs = stepsOvertimeMs(config);
    const rollbackMs = config.rollback.onFailure ? config.rollback.timeoutMs : 0;
    return { overtimeMs, rollbackMs, totalMs: config.timeoutMs + overtimeMs + rollbackMs };
}
/**
 * The warning a run gets before any write when `timeout`, the steps that may run past it and a
 * rollback after them pass the runner's 6-hour job limit; none when they do not.
 */
function pastJobLimit(config) {
    const { overtimeMs: overtime, rollbackMs: rollback, totalMs: total } = longestRun(config);
    if (overtime === 0)
        return undefined;
    if (total <= RUNNER_JOB_LIMIT_MS)
        return undefined;
    const hours = (ms) => `${Number((ms / 3_600_000).toFixed(2))} h`;
    return `timeout (${hours(config.timeoutMs)}), the bounded steps after it (${hours(overtime)})${rollback > 0 ? ` and rollback.timeout (${hours(rollback)})` : ''} add up to ${hours(total)}, past the runner's 6-hour job limit: a runner that ends the job cancels the step (no rollback). Shorten them, or set the job's timeout-minutes knowing this.`;
}
/** The failed revision's deploy log is read on a budget of its own: a timed-out run has none left. */
const LOG_BUDGET_MS = 15_000;
/** The deadline of the failed revision's log read: its budget from now. */
function logReadDeadline(clock) {
    return clock.now() + LOG_BUDGET_MS;
}
/**
 * Until when the GitHub records may be written: the run's deadline, then the steps that may run
 * past `timeout` (the bake), then a rollback after them, then the failed revision's log read. The
 * final status comes last of all, so none of these must end its time.
 */
function recordsDeadline(deadline, config) {
    const { overtimeMs, rollbackMs } = longestRun(config);
    const logsMs = config.logLines > 0 ? LOG_BUDGET_MS : 0;
    return deadline.at + overtimeMs + rollbackMs + logsMs;
}

;// CONCATENATED MODULE: ./src/after-deploy/step-progress.ts
// What a step says while it runs ("evaluating: 12 of 50 runs", tomorrow "baking: 6 of 15 min"):
// a log line and the GitHub records (the deployment's in_progress status, the PR comment), at
// most once a minute on the run's clock, so a long step is never silent and never floods
// GitHub. The records are best effort beside the run: nothing here waits for them.
/** The shortest time between two progress reports of a run. */
const STEP_PROGRESS_EVERY_MS = 60_000;
/** One throttle per run: every step's progress, on every revision, shares it. */
function progressThrottle(clock) {
    let last;
    return (io, revision) => (text) => {
        const now = clock.now();
        if (last !== undefined && now - last < STEP_PROGRESS_EVERY_MS)
            return;
        last = now;
        io.info(`Progress: ${text}`);
        io.stepProgress?.({
            text,
            revisionId: revision.revisionId,
            ...(revision.result.deploymentUrl && { deploymentUrl: revision.result.deploymentUrl })
        });
    };
}

;// CONCATENATED MODULE: ./src/after-deploy/check-runner.ts




/** One row of the list opened for one run: its step with its own types. */
function openRow(row, config, context) {
    return row.open((step) => openStep(step, config, context));
}
function openStep(step, config, context) {
    const opened = step.needs(config);
    // An operation that brings a revision back itself: the step restores there, and prepares
    // nothing.
    const restoring = step.restore !== undefined && (step.restoresUnder ?? []).includes(config.operation);
    const skippedUnder = step.skippedUnder?.[config.operation];
    const under = skippedUnder?.why;
    if (skippedUnder && opened !== undefined)
        context.log.notice(skippedUnder.notice);
    // A step without a prepare has read all it needs (nothing); one with a prepare, only
    // once its prepare ran: until then it neither runs nor undoes.
    let prepared = step.prepare && !restoring ? undefined : { prepared: undefined };
    // Whether its writes before the write began: only then has it anything to finish.
    let wrote = false;
    const inputFor = (need, read, revision, phase) => {
        const { clock } = phase.context;
        const deadline = stepDeadline(clock, step.name, config, phase.context.deadline.at);
        return {
            need,
            prepared: read,
            revision,
            context: { ...phase.context, progress: phase.progress(phase.context.io, revision) },
            deadline: step.deadline ? step.deadline(deadline, phase.context) : deadline,
            sharedDeadline: phase.sharedDeadline
        };
    };
    return {
        async prepare(deployment) {
            if (opened === undefined || under !== undefined || !step.prepare || restoring)
                return [];
            const read = await step.prepare(opened, deployment, context);
            if ('refused' in read)
                throw refusedBeforeWrite(read.refused);
            prepared = read;
            if (!('prepared' in read))
                return [];
            const plan = read.plan ?? [];
            plan.forEach((line) => context.log.info(line));
            if (config.dryRun && step.dryRun)
                context.log.info(step.dryRun);
            return plan;
        },
        async prepareWrites() {
            if (!prepared || !('prepared' in prepared) || !step.prepareWrites)
                return;
            wrote = true;
            const written = await step.prepareWrites(prepared.prepared, context);
            if ('refused' in written)
                throw refusedBeforeWrite(written.refused);
            prepared = written;
        },
        async finish() {
            if (!wrote || !step.finish || !prepared || !('prepared' in prepared))
                return;
            await step.finish(prepared.prepared, context);
        },
        runOn(revision, phase) {
            const need = step.needs(config, revision);
            if (need === undefined)
                return undefined;
            const skipped = phase.skipped?.[step.name] ??
                under ??
                (prepared && 'skipped' in prepared ? prepared.skipped : undefined);
            if (skipped !== undefined)
                return async () => ({ verdict: 'skipped', why: skipped });
            // A step that reads before the write runs only on what it read.
            if (prepared === undefined || !('prepared' in prepared))
                return undefined;
            const input = inputFor(need, prepared.prepared, revision, phase);
            const { restore } = step;
            if (restoring && restore)
                return () => restore(input);
            return () => step.run(input);
        },
        broughtBack(checks, toRevisionId) {
            // A step this run did not ask for has nothing to say about the brought-back revision.
            if (step.broughtBack === 'again' || opened === undefined)
                return undefined;
            const ran = checks?.payloads[step.name] !== undefined;
            // A step that restores does so when it ran, and is skipped when it did not.
            if (ran === (step.restore !== undefined))
                return undefined;
            const why = step.broughtBack.skipped(toRevisionId);
            context.log.notice(step.broughtBack.notice(why));
            return why;
        },
        restore(ran, revision, phase) {
            const need = step.needs(config, revision);
            const { restore } = step;
            if (need === undefined || !restore || ran === undefined)
                return undefined;
            if (prepared === undefined || !('prepared' in prepared))
                return undefined;
            const input = inputFor(need, prepared.prepared, revision, phase);
            return () => restore({ ...input, ran });
        }
    };
}
/** A step's refusal before the write, as the run ends on it: nothing was deployed. */
function refusedBeforeWrite(refusal) {
    return new operations_deps/* StoppedBeforeWrite */.L(refusal.message, refusal.refused);
}
function openSteps(list, config, context) {
    const opened = list.map((row) => ({ row, step: openRow(row, config, context) }));
    const progress = progressThrottle(context.clock);
    return {
        async beforeWrite(read) {
            // Every step reads first, so that one refusing leaves nothing written by another.
            const plan = [];
            for (const { step } of opened)
                plan.push(...(await step.prepare(read)));
            warnPastJobLimit(config, context);
            if (config.dryRun)
                return plan;
            for (const { step } of opened)
                await step.prepareWrites();
            return plan;
        },
        async finish() {
            for (const { step } of opened)
                await step.finish();
        },
        check: (revision, phase) => runSteps(opened, revision, onRevision(phase, progress)),
        broughtBack(checks, toRevisionId) {
            const skipped = {};
            for (const { row, step } of opened) {
                const why = step.broughtBack(checks, toRevisionId);
                if (why !== undefined)
                    skipped[row.name] = why;
            }
            return skipped;
        },
        async restore(checks, revision, phase) {
            const onIt = onRevision(phase, progress);
            const restores = [...opened].reverse().map(({ row, step }) => ({
                row,
                run: step.restore(checks?.payloads[row.name], revision, onIt)
            }));
            return collect(restores, onIt.context.signal, { verdicts: [], payloads: {} });
        }
    };
}
/** The phase on one revision: the budgets its steps share, each fixed at first use. */
function onRevision(phase, progress) {
    const { clock, deadline } = phase.context;
    return { ...phase, progress, sharedDeadline: sharedDeadlines(clock, deadline.at) };
}
/**
 * Runs the steps asked for, in list order, until one's verdict stops the rest. The only place a
 * cancellation passes through: an aborted signal is never a verdict (not even one a step made of
 * the abort); it rejects with the CancelledError the signal carries. A step that throws anything
 * else could not conclude.
 */
async function runSteps(opened, revision, phase) {
    const restored = phase.restored;
    const done = new Set(restored?.verdicts.map(({ check }) => check));
    const runs = opened
        .filter(({ row }) => !done.has(row.name))
        .map(({ row, step }) => ({ row, run: step.runOn(revision, phase) }));
    const stopped = restored?.verdicts.some(({ check, verdict }) => opened.find(({ row }) => row.name === check)?.row.stopsLaterOn.includes(verdict));
    const checks = {
        verdicts: [...(restored?.verdicts ?? [])],
        payloads: { ...restored?.payloads }
    };
    return stopped ? checks : collect(runs, phase.context.signal, checks);
}
/** Each step's outcome into `checks`, in order, until one's verdict stops the rest. */
async function collect(runs, signal, checks) {
    for (const { row, run } of runs) {
        if (run === undefined)
            continue;
        throwIfCancelled(signal);
        if (row.onlyAfterPasses && checks.verdicts.some(({ verdict }) => !PASSES.includes(verdict)))
            continue;
        let outcome;
        try {
            outcome = await run();
        }
        catch (error) {
            throwIfCancelled(signal);
            const message = error instanceof Error ? error.message : String(error);
            outcome = {
                verdict: 'inconclusive',
                why: `The ${row.name} check could not be made: ${message}`
            };
        }
        if (signal?.aborted) {
            // A step that hands back what it saw before a cancel keeps it for the report; the cancel
            // stays a cancel (no verdict on the revision, no rollback).
            if (outcome.payload === undefined)
                throw cancelOf(signal);
            checks.verdicts.push({
                check: row.name,
                verdict: 'inconclusive',
                why: 'cut short by a cancel'
            });
            Object.assign(checks.payloads, { [row.name]: outcome.payload });
            throw new CancelledDuringChecks(cancelOf(signal), checks);
        }
        const verdict = { check: row.name, verdict: outcome.verdict };
        if (outcome.why !== undefined)
            verdict.why = outcome.why;
        if (outcome.saw !== undefined)
            verdict.saw = outcome.saw;
        checks.verdicts.push(verdict);
        if (outcome.payload !== undefined) {
            Object.assign(checks.payloads, { [row.name]: outcome.payload });
        }
        if (row.stopsLaterOn.includes(outcome.verdict))
            break;
    }
    return checks;
}
/**
 * Whether the verdicts are ground for a rollback: a check failed, or one could not conclude
 * whose row of `list` says it rolls back.
 */
function checksRollBack(list, checks) {
    return (checks?.verdicts ?? []).some(({ check, verdict }) => verdict === 'failed' ||
        (verdict === 'inconclusive' &&
            list.find((row) => row.name === check)?.inconclusiveRollsBack === true));
}
const PASSES = ['passed', 'skipped'];
/** Before any write: a warning when `timeout`, the steps' overtime and a rollback pass 6 hours. */
function warnPastJobLimit(config, context) {
    const warning = pastJobLimit(config);
    if (warning !== undefined)
        context.log.warning(warning, { rank: 'own' });
}
/** A cancel during the checks, with what the steps saw until then (a step cut short included). */
class CancelledDuringChecks extends operations_deps/* CancelledError */.c {
    checks;
    constructor(cancel, checks) {
        super(cancel.signalName);
        this.checks = checks;
    }
}
const cancelOf = (signal) => signal.reason instanceof operations_deps/* CancelledError */.c ? signal.reason : new operations_deps/* CancelledError */.c('abort');
/** Rejects with the signal's CancelledError once the run is cancelled. */
function throwIfCancelled(signal) {
    if (!signal?.aborted)
        return;
    throw cancelOf(signal);
}

// EXTERNAL MODULE: ./src/steps.ts + 4 modules
var steps = __webpack_require__(6432);
// EXTERNAL MODULE: ./src/lib/url.ts
var url = __webpack_require__(5194);
// EXTERNAL MODULE: ./src/agent-checks/section.ts
var section = __webpack_require__(1206);
// EXTERNAL MODULE: ./src/step-kit/define.ts
var step_kit_define = __webpack_require__(2052);
;// CONCATENATED MODULE: ./src/after-deploy/commit-check.ts
/**
 * operation promote, git_host: the new revision must have been built from the commit the
 * source's revision was. A ref that moved between the two builds fails; a revision that shows no
 * commit could not be checked, which never counts as passed.
 */
function checkPromotedCommit(promotion, revisionId, target) {
    const { commit, fromCommit, fromRevisionId, fromDeploymentName } = promotion;
    if (!commit) {
        return {
            verdict: 'inconclusive',
            why: `The commit check could not be made: revision ${revisionId} shows no repo_commit_sha, so it is unknown whether it was built from commit ${fromCommit} as revision ${fromRevisionId} of ${fromDeploymentName} was.`
        };
    }
    if (commit !== fromCommit) {
        return {
            verdict: 'failed',
            why: `Revision ${revisionId} was built from commit ${commit}, but revision ${fromRevisionId} of ${fromDeploymentName} was built from commit ${fromCommit}: ${promotion.promoted} moved between the two builds, so ${target} does not run what ${fromDeploymentName} serves.`
        };
    }
    return {
        verdict: 'passed',
        why: `Commit check: revision ${revisionId} was built from commit ${commit}, as revision ${fromRevisionId} of ${fromDeploymentName} was.`
    };
}

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(2857);
// EXTERNAL MODULE: ./src/control-plane/transport.ts
var transport = __webpack_require__(9747);
// EXTERNAL MODULE: ./src/lib/json.ts
var json = __webpack_require__(8453);
// EXTERNAL MODULE: ./src/lib/read-again.ts
var read_again = __webpack_require__(6894);
// EXTERNAL MODULE: ./src/agent-server/exchange.ts
var exchange = __webpack_require__(7882);
// EXTERNAL MODULE: ./src/agent-server/status.ts
var agent_server_status = __webpack_require__(7773);
;// CONCATENATED MODULE: ./src/after-deploy/serving-check.ts






/** How long `active_revision_id` may lag behind DEPLOYED before the check fails. */
const ACTIVE_REVISION_WAIT_MS = 60_000;
/** Gap between two reads of the deployment or of /info while they still name another revision. */
const READ_GAP_MS = 2_000;
const INFO_REQUEST_MS = 10_000;
const NO_ACTIVE_REVISION = 'the service returns no active_revision_id';
/**
 * After DEPLOYED: the deployment's `active_revision_id` must become this run's revision. It is
 * read again while it names another (the service moves it a little after DEPLOYED) or cannot be
 * read, until the deadline. A service that returns none cannot be checked this way.
 */
async function checkActiveRevision(check) {
    const judge = (active) => {
        if (active === undefined)
            return finalAnswer('not-checkable', NO_ACTIVE_REVISION);
        return active === check.revisionId
            ? { kind: 'seen', value: true }
            : { kind: 'not-seen', value: active };
    };
    const read = async () => {
        try {
            const current = await check.getDeployment({ deadline: check.deadline, signal: check.signal });
            return judge(current.active_revision_id);
        }
        catch (error) {
            if (check.signal?.aborted)
                throw error;
            const why = error instanceof Error ? error.message : String(error);
            return { kind: 'could-not-tell', why: `the deployment could not be read (${why})` };
        }
    };
    return readServing(check, read, check.seen === undefined ? undefined : judge(check.seen));
}
const infoSchema = schemas/* object */.Ikc({
    host: schemas/* object */.Ikc({ host_revision_id: schemas/* string */.YjP().nullish() }).loose().nullish()
})
    .loose();
const finalAnswer = (kind, why) => ({
    kind: 'final',
    value: { kind, why }
});
/**
 * With `agent.assistant`: the agent server's `GET /info` names the control plane's revision it
 * runs as `host.host_revision_id` (servers run by the service, newer ones). Read again while it
 * names another revision or gives no usable answer, until the deadline. A server that sends no
 * `host_revision_id`, or has no /info at all (404), cannot be checked this way; one that sends
 * it (or `host`) in another shape than a string could not confirm it, which is no skip.
 */
async function checkInfoHost(check) {
    return readServing(check, () => readInfo(check));
}
/**
 * Reads again (at most READ_GAP_MS apart) until this revision is seen, an answer ends the check,
 * or the deadline passes; a check that read no usable answer is `unconfirmed`, never a pass.
 */
async function readServing(timing, read, first) {
    const { deadline, signal, now, sleep } = timing;
    const verdict = await (0,read_again/* readAgain */.n)({ read, first, gapMs: READ_GAP_MS, deadline, signal, now, sleep });
    switch (verdict.kind) {
        case 'seen':
            return { kind: 'serving' };
        case 'not-seen':
            return { kind: 'other', servingId: verdict.value };
        case 'final':
            return verdict.value;
        case 'could-not-tell':
            return { kind: 'unconfirmed', why: verdict.why };
    }
}
async function readInfo(check) {
    let answer;
    try {
        answer = await (0,exchange/* agentExchange */.L)(check, {
            method: 'GET',
            path: '/info',
            headers: { accept: 'application/json' },
            timeoutMs: INFO_REQUEST_MS
        });
    }
    catch (error) {
        if (check.signal?.aborted)
            throw error;
        const reason = error instanceof transport/* TransportError */.wX ? error.reason : String(error);
        // A body over the cap is read once: asking again would download it again.
        if (error instanceof transport/* TransportError */.wX && error.kind === 'too-large') {
            return finalAnswer('unconfirmed', `GET /info: ${reason}`);
        }
        return { kind: 'could-not-tell', why: `GET /info got no usable answer: ${reason}` };
    }
    switch ((0,agent_server_status/* agentStatusMeaning */.Z)(answer.status)) {
        case 'missing':
            return finalAnswer('not-checkable', `the agent server answers ${answer.status} to GET /info`);
        case 'refused':
            return finalAnswer('unconfirmed', `the agent server refuses GET /info (${answer.status}). ${agent_server_status/* REFUSED_HINT */.r}`);
        case 'rejected':
            return finalAnswer('unconfirmed', `the agent server answers ${answer.status} to GET /info`);
        case 'not-ready':
            return { kind: 'could-not-tell', why: `GET /info answered ${answer.status}` };
        case 'answered':
            break;
    }
    const body = (0,json/* parseJson */.q)(answer.text);
    if (body === undefined)
        return { kind: 'could-not-tell', why: 'GET /info answered a body that is not JSON' };
    const parsed = infoSchema.safeParse(body);
    if (!parsed.success) {
        // A revision id of another shape is no answer of "none": waiting does not change it.
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
        return finalAnswer('unconfirmed', `GET /info answered a body of another shape (${where}${issue?.message ?? 'not an object'})`);
    }
    const named = parsed.data.host?.host_revision_id ?? undefined;
    if (named === check.revisionId)
        return { kind: 'seen', value: true };
    if (named === undefined) {
        return finalAnswer('not-checkable', "the agent server's GET /info names no host.host_revision_id (older and local servers send none)");
    }
    return { kind: 'not-seen', value: named };
}

;// CONCATENATED MODULE: ./src/after-deploy/revision-steps.ts








// The steps that prove which revision serves: the promoted commit, the control plane's
// active_revision_id, and the agent server's own GET /info.
/** operation promote (git_host): the new revision was built from the source revision's commit. */
const commitStep = (0,step_kit_define/* defineStep */.o)({
    name: 'commit',
    // A fact of the DEPLOYED revision: a git_host promote's source commit, once both were read.
    needs: (_config, revision) => {
        const promotion = revision?.result.promotion;
        const fromCommit = promotion?.fromCommit;
        return promotion && fromCommit !== undefined
            ? { promotion: { ...promotion, fromCommit } }
            : undefined;
    },
    run: async ({ need, revision, context }) => {
        const { result, revisionId } = revision;
        const target = `deployment ${result.deploymentName ?? '?'} (${result.deploymentId ?? '?'})`;
        const found = checkPromotedCommit(need.promotion, revisionId, target);
        if (found.verdict !== 'passed')
            return found;
        context.log.info(found.why);
        return { verdict: 'passed' };
    },
    broughtBack: 'again',
    inconclusiveRollsBack: false,
    stopsLaterOn: kit/* ENDS_THE_CHECKS */.xk
});
/** The deployment's `active_revision_id` becomes this revision (read for up to 60 s). */
const servingStep = (0,step_kit_define/* defineStep */.o)({
    name: 'serving',
    needs: () => ({}),
    deadline: (phase, context) => (0,kit/* within */.ux)(context.clock, ACTIVE_REVISION_WAIT_MS, phase),
    run: async ({ revision, context, deadline }) => {
        const { deploymentId, revisionId, result } = revision;
        const serving = await checkActiveRevision({
            getDeployment: (call) => context.client.getDeployment(deploymentId, call),
            revisionId,
            seen: result.activeRevisionId,
            deadline,
            signal: context.signal,
            now: context.clock.now,
            sleep: context.clock.sleep
        });
        const window = `active_revision_id, read for up to ${(0,duration/* formatDuration */.a)(ACTIVE_REVISION_WAIT_MS)} within ${context.deadline.input}`;
        switch (serving.kind) {
            case 'other':
                return {
                    verdict: 'failed',
                    why: `Revision ${revisionId} is DEPLOYED but the deployment serves ${serving.servingId ?? 'no revision'} (${window}).`
                };
            case 'unconfirmed':
                return {
                    verdict: 'inconclusive',
                    why: `Could not confirm that revision ${revisionId} serves: ${serving.why}; the serving check could not be made (${window}).`
                };
            case 'serving':
                context.log.info(`Serving check: revision ${revisionId} is active.`);
                return { verdict: 'passed' };
            case 'not-checkable':
                context.log.notice(`Serving check skipped: ${serving.why}.`);
                return { verdict: 'skipped', why: serving.why };
        }
    },
    broughtBack: 'again',
    inconclusiveRollsBack: false,
    stopsLaterOn: kit/* ENDS_THE_CHECKS */.xk
});
/**
 * The agent server's GET /info names this revision (when it names one). First of the agent
 * checks: a deployment without a URL fails it, and a key sent in clear text is warned of.
 */
const infoStep = (0,step_kit_define/* defineStep */.o)({
    name: 'info',
    needs: (config) => {
        const verify = (0,section/* agentSettingsOf */.Kv)(config);
        return verify && { verify };
    },
    run: async (input) => {
        const { revision, context, need } = input;
        const { result, revisionId } = revision;
        if (!result.deploymentUrl) {
            return {
                verdict: 'failed',
                why: 'agent.assistant: the deployment has no URL (source_config.custom_url) to check.'
            };
        }
        const clearHost = (0,url/* clearTextHost */.X)(result.deploymentUrl);
        if (clearHost !== undefined && need.verify.apiKey) {
            context.log.warning(`The deployment URL is http:// to ${clearHost}, not this machine: the agent key travels in clear text to the agent checks. Use https://.`, { rank: 'own' });
        }
        const info = await checkInfoHost({
            ...(0,kit/* agentServer */.Px)(input, need.verify, result.deploymentUrl, section/* AGENT_KEYS */.TQ.timeout),
            revisionId
        });
        switch (info.kind) {
            case 'other':
                return {
                    verdict: 'failed',
                    why: `Revision ${revisionId} is DEPLOYED but the deployment serves ${info.servingId ?? 'no revision'} (the agent server's GET /info names it as host.host_revision_id until agent.timeout).`
                };
            case 'unconfirmed':
                return {
                    verdict: 'inconclusive',
                    why: `Could not confirm that revision ${revisionId} serves: ${info.why} (GET /info, until agent.timeout).`
                };
            case 'serving':
                context.log.info(`Agent check: GET /info names revision ${revisionId}.`);
                return { verdict: 'passed' };
            case 'not-checkable':
                context.log.notice(`The /info check was skipped: ${info.why}.`);
                return { verdict: 'skipped', why: info.why };
        }
    },
    broughtBack: 'again',
    inconclusiveRollsBack: true,
    stopsLaterOn: ['failed']
});

;// CONCATENATED MODULE: ./src/after-deploy/checks.ts


// The steps after DEPLOYED, in the order they run: the frame's own (./revision-steps.ts), then
// each step of the list (../steps.ts) by its row from its folder (../step-kit/step.ts says what a
// row holds). Two of its columns hold the spec's decisions:
// - inconclusiveRollsBack: whether a step that could not conclude rolls back ("Checks that
//   cannot conclude": not when the control plane could not be read, since the same service
//   would carry the redeploy; yes when the new revision's own behaviour is unproven);
// - stopsLaterOn: the verdicts after which no later step runs (a revision that does not serve,
//   or a build nobody verified, is not worth asking; /info that could not confirm still lets
//   the agent checks give a verdict of their own).
/** Each listed step's row as the runner takes it: named as listed, its payload the one the list
 * names, and what it reads of the run the config's. */
const LISTED = steps/* STEPS */.U;
/** The frame's steps, then the listed steps' rows (loaded when a run deploys). */
async function loadChecks() {
    const listed = await Promise.all(Object.values(LISTED).map((step) => step.row()));
    return [commitStep, servingStep, infoStep, ...listed];
}

;// CONCATENATED MODULE: ./src/safe-delivery.ts









/** The read of what serves once a rollback ended gets this long, whatever time is left. */
const SERVING_NOW_READ_MS = 10_000;
/**
 * Safe delivery: the operation (deploy, rollback or promote), then proof that its revision serves
 * and answers (the steps after DEPLOYED), then, with rollback.on-failure, the previous revision
 * back when this run's failed. Only the rollback may run past `timeout` (under
 * `rollback.timeout`). A cancellation during the checks ends the run `cancelled`: no verdict, no
 * rollback. Reports whether an earlier revision serves again (`rolledBack`) once, at the end.
 * `list` is the steps after DEPLOYED (../after-deploy/checks.ts; a test may add its own).
 */
async function deliver(config, deps, list) {
    const operation = operations/* OPERATIONS */.xb[config.operation];
    const delivery = await checkedDelivery(config, deps, list);
    const restored = delivery.rollback
        ? delivery.rollback.restored
        : // operation rollback: the earlier revision it redeployed serves again.
            operation.bringsBack &&
                delivery.result.outcome === 'deployed' &&
                delivery.result.redeployOf !== undefined &&
                (0,src_result/* checksWith */.O2)(delivery.checks, 'passed').some(({ check }) => check === 'serving');
    return operation.checked ? { ...delivery, rolledBack: restored } : delivery;
}
/** What the steps of a phase are given: the phase's run context and the run's clients. */
function stepContext(config, deps) {
    const { client, io, clock, signal, deadline, dispatcher, workflow } = deps;
    return { config, client, io, log: io, clock, signal, deadline, dispatcher, workflow };
}
async function checkedDelivery(config, deps, given) {
    if (!operations/* OPERATIONS */.xb[config.operation].checked)
        return { result: await (0,operations/* runOperation */.xj)(config, deps) };
    const list = given ?? (await loadChecks());
    const context = stepContext(config, deps);
    const steps = openSteps(list, config, context);
    try {
        return await deliverWith(steps, config, deps, list);
    }
    finally {
        // What a step wrote before the write is undone whatever happened (a cancel included).
        await steps.finish();
    }
}
async function deliverWith(steps, config, deps, list) {
    const operation = operations/* OPERATIONS */.xb[config.operation];
    const context = stepContext(config, deps);
    const deployed = await (0,operations/* runOperation */.xj)(config, {
        ...deps,
        beforeWrite: (target) => steps.beforeWrite(target)
    });
    let checks;
    try {
        checks = await verifyRevision(deployed, steps, { context });
    }
    catch (error) {
        if (!(error instanceof operations_deps/* CancelledError */.c))
            throw error;
        const result = cancelledDuringChecks(deployed, deps);
        // What the steps saw before the cancel (a bake cut short) is shown; it is no verdict.
        return error instanceof CancelledDuringChecks ? { result, checks: error.checks } : { result };
    }
    const result = (0,src_result/* withChecks */.cX)(deployed, checks);
    const rollsBack = operation.rollsBack && config.rollback.onFailure;
    const grounds = groundsForRollback(result, checks, list);
    if (!rollsBack)
        return { result, checks };
    if (!grounds) {
        if (result.outcome === 'checks-failed') {
            deps.io.notice('rollback.on-failure: nothing is rolled back, since no check failed: one could not conclude, and that alone is no proof the revision is broken.');
        }
        return { result, checks };
    }
    const { deploymentId, revisionId, previousRevisionId } = result;
    if (!deploymentId || !revisionId)
        return { result, checks };
    if (!previousRevisionId) {
        deps.io.notice(result.created
            ? 'rollback.on-failure: this run created the deployment, so there is no earlier revision to roll back to.'
            : 'rollback.on-failure: the deployment named no active revision before this run, so there is no earlier revision to roll back to.');
        return { result, checks };
    }
    // The rollback's own deadline (`rollback.timeout`, from now), on the same clock.
    const rollbackDeps = {
        ...deps,
        deadline: rollbackDeadline(deps.clock, config.rollback.timeoutMs)
    };
    const rolled = await (0,rollback/* rollBackAfterFailure */.n)(config, rollbackDeps, {
        deploymentId,
        failedRevisionId: revisionId,
        previousRevisionId,
        reason: reasonOf(result, checks)
    });
    if ('skipped' in rolled) {
        deps.io.notice(rolled.skipped);
        return { result, checks };
    }
    const phase = {
        context: stepContext(config, rollbackDeps),
        skipped: steps.broughtBack(checks, previousRevisionId)
    };
    return {
        result,
        checks,
        rollback: await settleRollback(rolled, deploymentId, steps, checks, phase, rollbackDeps)
    };
}
/**
 * How the rollback ended: what the steps of this run's revision restore and its revision's checks
 * (when it reached DEPLOYED), and what the service names active afterwards. Restored only when
 * the earlier revision serves again.
 */
async function settleRollback(
// The rollback's report before its revision's checks ran (it carries none).
rolled, deploymentId, steps, failedChecks, phase, deps) {
    const { report, result: redeployed } = rolled;
    let ended;
    try {
        const revision = deployedRevision(redeployed);
        const restored = revision && (await steps.restore(failedChecks, revision, phase));
        const checks = redeployed
            ? await verifyRevision(redeployed, steps, { ...phase, restored })
            : undefined;
        const outcome = redeployed ? (0,src_result/* withChecks */.cX)(redeployed, checks).outcome : report.outcome;
        ended = { ...report, outcome, checks };
    }
    catch (error) {
        if (!(error instanceof operations_deps/* CancelledError */.c))
            throw error;
        ended = {
            ...report,
            outcome: 'cancelled',
            message: `${error.message} during the checks of revision ${report.revisionId ?? '?'}.`
        };
    }
    const servingNow = await readServingNow(deploymentId, deps);
    const restored = ended.outcome === 'deployed' &&
        report.revisionId !== undefined &&
        servingNow === report.revisionId;
    return { ...ended, servingNow, restored };
}
/** The deployment's `active_revision_id` now; undefined when it cannot be read (or the run is cancelled). */
async function readServingNow(deploymentId, deps) {
    if (deps.signal?.aborted)
        return undefined;
    try {
        const deployment = await deps.client.getDeployment(deploymentId, {
            deadline: (0,kit/* within */.ux)(deps.clock, SERVING_NOW_READ_MS),
            signal: deps.signal
        });
        return deployment.active_revision_id ?? undefined;
    }
    catch {
        return undefined;
    }
}
/**
 * Whether this run's revision is ground for a rollback: by its outcome (the outcome table), and
 * for a check that failed or could not conclude, by the step list.
 */
function groundsForRollback(result, checks, list) {
    const grounds = outcomes/* OUTCOMES */.i[result.outcome].rollback;
    return grounds === 'yes' || (grounds === 'by-checks' && checksRollBack(list, checks));
}
/** Why this run's revision is rolled back, as a clause ("ended BUILD_FAILED"). */
function reasonOf(result, checks) {
    if (result.outcome === 'failed')
        return `ended ${result.revisionStatus ?? 'failed'}`;
    // What the check saw, said here: the log gives the failure before the rollback's own checks.
    const failing = (0,src_result/* failingVerdict */.sN)(checks);
    const what = failing?.why === undefined ? '' : `: ${failing.why}`;
    return failing?.verdict === 'failed'
        ? `failed its checks${what}`
        : `did not pass its checks: one could not conclude${what}`;
}
/** The run was cancelled while the checks after DEPLOYED ran: no verdict, and nothing rolled back. */
function cancelledDuringChecks(result, deps) {
    const elapsedMs = deps.clock.now() - deps.deadline.startedAt;
    const of = result.deploymentName ? ` of ${result.deploymentName}` : '';
    return {
        ...result,
        outcome: 'cancelled',
        elapsedMs,
        message: `Cancelled after ${(0,duration/* formatDuration */.a)(elapsedMs)}, during the checks of revision ${result.revisionId ?? '?'}${of}, which is DEPLOYED. The checks did not conclude, and nothing was rolled back.`
    };
}
/** The DEPLOYED revision of a result; undefined when it is not DEPLOYED. */
function deployedRevision(result) {
    if (result?.outcome !== 'deployed' || !result.deploymentId || !result.revisionId)
        return undefined;
    return { result, deploymentId: result.deploymentId, revisionId: result.revisionId };
}
/**
 * After DEPLOYED: the steps of the list that the run asks for. Undefined when the revision is not
 * DEPLOYED. Rejects with a CancelledError when the run is cancelled.
 */
async function verifyRevision(result, steps, phase) {
    const revision = deployedRevision(result);
    return revision && steps.check(revision, phase);
}

// EXTERNAL MODULE: ./src/control-plane/client.ts + 1 modules
var control_plane_client = __webpack_require__(5319);
// EXTERNAL MODULE: ./src/version.ts
var version = __webpack_require__(311);
;// CONCATENATED MODULE: ./src/wiring.ts



/**
 * The one wiring of a run: its context (the world's clock and cancel, the run's deadline, the
 * log) and the control-plane client, as every operation and step after DEPLOYED takes them.
 * execute() calls it, and so do the tests, so that what they test is this wiring.
 */
function wireRun(wiring) {
    const { config, world, io } = wiring;
    const { clock, signal } = world;
    const dispatcher = world.connections.dispatcher;
    const client = new control_plane_client/* ControlPlaneClient */.zU({
        baseUrl: config.apiUrl,
        apiKey: config.apiKey,
        tenantId: config.tenantId,
        userAgent: `deploy-agent-action/${version/* ACTION_VERSION */.Y}`,
        dispatcher,
        now: clock.now,
        sleep: clock.sleep,
        ...wiring.client
    });
    return {
        client,
        io,
        log: io,
        clock,
        signal,
        deadline: runDeadline(wiring.startedAt, config.timeoutMs),
        dispatcher,
        pullRequestState: wiring.pullRequestState,
        workflow: workflowFacts(world.env)
    };
}
/** The workflow's commit and run URL, as the runner names them (for the gate's experiment). */
function workflowFacts(env) {
    const runId = /^\d+$/.test(env.GITHUB_RUN_ID ?? '') ? env.GITHUB_RUN_ID : undefined;
    const server = env.GITHUB_SERVER_URL || 'https://github.com';
    return {
        ...(env.GITHUB_SHA && { commit: env.GITHUB_SHA }),
        ...(runId &&
            env.GITHUB_REPOSITORY && {
            runUrl: `${server}/${env.GITHUB_REPOSITORY}/actions/runs/${runId}`
        })
    };
}

// EXTERNAL MODULE: ./src/lib/ids.ts
var ids = __webpack_require__(829);
// EXTERNAL MODULE: ./src/lib/character-kinds.ts
var character_kinds = __webpack_require__(9562);
// EXTERNAL MODULE: ./src/report-kit/shapes.ts
var shapes = __webpack_require__(4701);
;// CONCATENATED MODULE: ./src/report/outputs.ts






/** An output is one line: no control character and no line break of any kind. */
const OUTPUT_CONTROL = (0,character_kinds/* characterClass */.EV)(character_kinds/* CONTROL_KINDS */.w_);
/** Characters a URL output may hold as they are; any other is percent-encoded. */
const URL_KEPT = /[A-Za-z0-9._~:/?#@!&+,;=%-]/;
/** Characters that are shell syntax inside or around `"…"`: a URL holding one is refused. */
const SHELL_SYNTAX = /[$`"'\\()<>|]/;
/** Each UTF-8 byte of a character as `%XX` (encodeURIComponent leaves `*` and others as they are). */
const percentEncoded = (character) => [...Buffer.from(character)]
    .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('');
/** An http(s) URL without credentials or shell syntax, every other character percent-encoded. */
const shellSafeUrl = (value) => {
    if (SHELL_SYNTAX.test(value))
        return { problem: 'it holds shell syntax ($ ` " \' \\ ( ) < > |)' };
    const checked = (0,url/* checkHttpUrl */.O)(value);
    if ('problem' in checked)
        return checked;
    const encoded = [...value]
        .map((character) => (URL_KEPT.test(character) ? character : percentEncoded(character)))
        .join('');
    return { value: encoded };
};
/** A JSON list of deployment names, each of the service's own name rule. */
const deploymentNames = (value) => {
    const names = (0,json/* parseJson */.q)(value);
    if (names === undefined)
        return { problem: 'it is not JSON' };
    const valid = Array.isArray(names) &&
        names.every((name) => typeof name === 'string' && ids/* DEPLOYMENT_NAME */.c.test(name));
    return valid ? { value } : { problem: 'it holds a name that breaks the deployment name rule' };
};
const STEP_SHAPES = Object.assign({}, ...Object.values(steps/* LISTED_RENDERS */.w).map((render) => render.shapes ?? {}));
/**
 * The shape of every output, one line each. Outputs reach `run:` steps through `${{ }}`, which
 * pastes them into a shell script: a value the service sent is set only in a shape that cannot
 * carry shell syntax (the compiler makes a new output add its line, here or in its step's
 * renderer row).
 */
const FRAME_SHAPES = {
    'deployment-id': shapes/* uuid */.uR,
    'revision-id': shapes/* uuid */.uR,
    'previous-revision-id': shapes/* uuid */.uR,
    'rollback-revision-id': shapes/* uuid */.uR,
    'promoted-from': shapes/* uuid */.uR,
    'revision-status': (0,shapes/* pattern */.T1)(/^[A-Z_]+$/, 'it is not a status name (A-Z and _)'),
    'deployment-url': shellSafeUrl,
    created: shapes/* flag */.Jt,
    'rolled-back': shapes/* flag */.Jt,
    pruned: deploymentNames
};
const OUTPUT_SHAPES = { ...FRAME_SHAPES, ...STEP_SHAPES };
/**
 * The value this output is set to, or why it may not be. No output holds a secret or a control
 * character (a line break cannot add an output either way: @actions/core writes each value
 * between random delimiters), and each has its shape.
 */
function judgeOutput(name, value, redact) {
    if (value === '')
        return { value };
    if (redact(value) !== value)
        return { problem: 'it holds a secret' };
    if (OUTPUT_CONTROL.test(value))
        return { problem: 'it holds control characters or line breaks' };
    const shaped = OUTPUT_SHAPES[name](value);
    if ('problem' in shaped)
        return shaped;
    return redact(shaped.value) === shaped.value ? shaped : { problem: 'it holds a secret' };
}
/** Why a value may not become this output, or undefined when it may. */
function outputProblem(name, value, redact) {
    const judged = judgeOutput(name, value, redact);
    return 'problem' in judged ? judged.problem : undefined;
}
/**
 * Sets the action's outputs, the one place that does: a value the service sent that may not be an
 * output is left empty, with a warning that names the output and says why.
 */
function createOutputs(redact, log, set) {
    return (name, value) => {
        const judged = judgeOutput(name, value, redact);
        if ('value' in judged)
            return set(name, judged.value);
        set(name, '');
        log.warning(`The output ${name} is left empty: the value the service sent is not fit for it (${judged.problem}).`, { rank: 'own' });
    };
}

// EXTERNAL MODULE: ./src/operation-facts.ts
var operation_facts = __webpack_require__(8924);
// EXTERNAL MODULE: ./src/report/job-summary.ts
var job_summary = __webpack_require__(5236);
// EXTERNAL MODULE: ./src/report/pr-comment-text.ts + 1 modules
var pr_comment_text = __webpack_require__(7299);
// EXTERNAL MODULE: ./src/report/rollback-text.ts
var rollback_text = __webpack_require__(6846);
// EXTERNAL MODULE: ./src/report/headline.ts
var report_headline = __webpack_require__(4512);
// EXTERNAL MODULE: ./src/report/report-model.ts + 1 modules
var report_model = __webpack_require__(5309);
;// CONCATENATED MODULE: ./src/report/error-line.ts


/** About the length of a line GitHub shows whole at the top of a run and in the Checks tab. */
const MAX_ERROR_LINE = 300;
/**
 * The step's `::error` line: what a person meets first on a red run, so the headline's words and
 * the reason's first line, short ids only. The long account goes to the log beside it.
 */
function errorLine(model) {
    const headline = (0,report_model/* shortenIds */.IR)((0,report_headline/* plainHeadline */.r6)(model));
    const reason = (0,report_model/* shortenIds */.IR)(model.reason ?? '')
        .split(/\r?\n/)
        .map((line) => line.trim())
        .find((line) => line.length > 0);
    // A refusal lists each problem by input under its first line: a person acts on each one.
    const problems = (0,report_model/* shortenIds */.IR)(model.reason ?? '')
        .split(/\r?\n/)
        .filter((each) => /^\s*- /.test(each));
    // A reason that only leads into that list ("…; nothing was written:") adds nothing the
    // headline lacks.
    const leadsIn = reason !== undefined && reason.endsWith(':') && problems.length > 0;
    const line = reason && !leadsIn ? joined(headline, reason, `${model.deploymentName}: `) : headline;
    const cut = line.length > MAX_ERROR_LINE ? `${line.slice(0, MAX_ERROR_LINE - 1)}…` : line;
    return [cut, ...problems].join('\n');
}
/**
 * The headline then the reason; when the reason opens with the headline's first words ("timed
 * out after 3s …") it says the same at more length, and stands alone after the name.
 */
function joined(headline, reason, namePrefix) {
    const words = headline.startsWith(namePrefix) ? headline.slice(namePrefix.length) : headline;
    // Durations are left out: the headline counts the whole run, the reason when it stopped, so
    // "cancelled after 3s" and "Cancelled after 2s while …" say the same thing.
    const opening = (text) => text
        .toLowerCase()
        .replace(/\d+(?:\.\d+)?(?:ms|h|m|s)?/g, '#')
        .split(/\s+/)
        .slice(0, 3)
        .join(' ');
    return opening(reason) === opening(words)
        ? `${headline.slice(0, headline.length - words.length)}${reason}`
        : `${headline}. ${reason}`;
}

// EXTERNAL MODULE: ./src/report/status-text.ts
var status_text = __webpack_require__(7580);
// EXTERNAL MODULE: ./src/report/summary.ts + 1 modules
var summary = __webpack_require__(2529);
// EXTERNAL MODULE: ./src/report/step-rows.ts
var step_rows = __webpack_require__(2274);
;// CONCATENATED MODULE: ./src/report/reporter.ts










/**
 * The outputs that are set as soon as known, also when the run is cut short (the spec's
 * `deployment-id` and `previous-revision-id`): an operation reports the fact as it learns it.
 */
function knownOutputs(fact) {
    return 'deploymentId' in fact
        ? { 'deployment-id': fact.deploymentId }
        : { 'previous-revision-id': fact.previousRevisionId };
}
/**
 * Every output a run can know, from what it reports: the one mapping of facts to output names
 * and values. An output the run cannot know is absent; the value's shape is judged when it is set
 * (./outputs.ts).
 */
function outputsOf(run) {
    const { operation, result, checks, rollback } = run;
    const outputs = {
        // A prune names no deployment of its own.
        created: operation_facts/* OPERATION_FACTS */.Y[operation].namesDeployment ? String(result.created) : undefined,
        'deployment-id': result.deploymentId,
        'previous-revision-id': result.previousRevisionId,
        'revision-id': result.revisionId,
        'revision-status': result.revisionStatus,
        'deployment-url': result.deploymentUrl,
        // operation rollback: its own revision is the redeploy; after a failed deploy, the rollback's.
        'rollback-revision-id': result.redeployOf !== undefined ? result.revisionId : rollback?.revisionId,
        'rolled-back': run.rolledBack === undefined ? undefined : String(run.rolledBack),
        'promoted-from': result.promotion?.fromRevisionId,
        // A step's own (the smoke suite's counts, the gate's): this run's revision's, as
        // revision-id is; a rollback's are in its report.
        ...Object.assign({}, ...(0,step_rows/* payloadRows */.au)(checks?.payloads, rollback?.checks?.payloads)
            .filter(({ row, afterRollback }) => !afterRollback || row.outputsAfterRollback === true)
            .map(({ row, payload }) => row.outputs?.(payload) ?? {}))
    };
    // The operation's own (a delete's deployment-id, a prune's names), over the shared ones.
    Object.assign(outputs, OPERATION_OUTPUTS[operation]?.(result));
    return outputs;
}
/** The outputs of an operation's own, from its result. */
const OPERATION_OUTPUTS = {
    // A delete says which deployment it removed, or would: none when there was none to remove.
    delete: (result) => {
        const removed = result.outcome === 'deleted' || result.outcome === 'dry-run';
        return { 'deployment-id': removed ? (result.deploymentId ?? '') : '' };
    },
    // The names deleted, or on a dry run those that would be.
    prune: (result) => ({
        pruned: JSON.stringify((result.pruneRows ?? [])
            .filter((row) => result.outcome === 'dry-run' || row.result === 'deleted')
            .map((row) => row.name))
    })
};
function createReporter(set) {
    const setAll = (outputs) => {
        for (const [name, value] of Object.entries(outputs)) {
            if (value !== undefined)
                set(name, value);
        }
    };
    return {
        known: (fact) => setAll(knownOutputs(fact)),
        finish: (run) => setAll(outputsOf(run))
    };
}
/** The reporter of a real run: each output redacted and judged, then set on the runner. */
function runnerReporter(redact, log, sink) {
    const set = (name, value) => sink.setOutput(name, value);
    const outputs = createReporter(createOutputs(redact, log, set));
    return {
        ...outputs,
        end: async ({ result, rollback, model, records, place, commentName }) => {
            await records?.finish({
                outcome: result.outcome,
                // What serves, as the report links it: after a failed build, the revision from before.
                deploymentUrl: model.links.deployment,
                description: (0,status_text/* statusDescription */.$)(model, redact),
                comment: (previousBody) => (0,pr_comment_text/* renderComment */.wQ)(model, previousBody, place, redact, commentName, (text) => log.notice(text))
            });
            // Every warning of the run, annotated or not: GitHub shows only 10 annotations of a kind.
            const warnings = (0,summary/* warningsSummary */.M9)(log.warningsSaid(), redact);
            await (0,job_summary/* writeSummary */.S)(`${(0,summary/* renderSummary */.Br)(model, redact)}${warnings}`, log, sink);
            const rolledBack = rollback ? `\n${(0,rollback_text/* describeRollback */.sR)(rollback)}` : '';
            if ((0,outcomes/* succeeds */.k)(result.outcome))
                log.info(result.message);
            else {
                // The whole account, full ids included, is for the log; the annotation is read first.
                log.info(`${result.message}${rolledBack}`);
                log.fail(errorLine(model));
            }
        }
    };
}

// EXTERNAL MODULE: ./src/inputs/fields.ts + 1 modules
var fields = __webpack_require__(95);
;// CONCATENATED MODULE: ./src/report/log-lines.ts
/** A revision's log line as one line of text: time, level and message, where given. */
function formatLogLine(line) {
    return [line.time, line.level, line.message].filter((part) => part !== '').join(' ');
}

// EXTERNAL MODULE: ./src/wait/revision-status.ts
var revision_status = __webpack_require__(6123);
;// CONCATENATED MODULE: ./src/after-deploy/revision-logs.ts



/** Pages the log endpoint is read over at the most (the lines at the most: `log-lines`' bound). */
const MAX_LOG_PAGES = 3;
/**
 * Lines of ERROR or above that also become annotations: the first ones, which hold a root cause
 * more often than the last (GitHub keeps 10 error annotations a step; the log's budget cuts more).
 */
const MAX_ANNOTATIONS = 10;
const ERROR_LEVELS = new Set(['ERROR', 'CRITICAL', 'FATAL']);
/** A log object of undocumented shape, as one line: known keys when present, else its JSON. */
function toLogLine(entry) {
    const pick = (...keys) => {
        for (const key of keys) {
            const value = entry[key];
            if (typeof value === 'string' || typeof value === 'number')
                return String(value);
        }
        return undefined;
    };
    const message = pick('message', 'msg', 'text', 'log');
    return {
        time: pick('timestamp', 'time', 'ts', 'created_at') ?? '',
        level: (pick('level', 'severity', 'levelname') ?? '').toUpperCase(),
        message: message ?? JSON.stringify(entry)
    };
}
/**
 * Reads the newest `maxLines` lines (newest first, over at most MAX_LOG_PAGES pages) and returns
 * them oldest first.
 */
async function readLastLogLines(readPage, maxLines, call) {
    const wanted = Math.min(maxLines, fields/* MAX_LOG_LINES */.Cm);
    const newestFirst = [];
    let offset;
    for (let page = 0; page < MAX_LOG_PAGES && newestFirst.length < wanted; page++) {
        const limit = Math.min(100, wanted - newestFirst.length);
        const answer = await readPage({ order: 'desc', limit, offset }, call);
        newestFirst.push(...answer.logs.slice(0, limit).map(toLogLine));
        if (!answer.next_offset || answer.next_offset === offset)
            break;
        offset = answer.next_offset;
    }
    return newestFirst.slice(0, wanted).reverse();
}
function isErrorLine(line) {
    return ERROR_LEVELS.has(line.level);
}
function errorAnnotations(lines) {
    return lines.filter(isErrorLine).slice(0, MAX_ANNOTATIONS);
}
/**
 * Fetches the logs that explain how the revision ended and shows them: oldest first in a
 * collapsed group, ERROR lines also as annotations. Best effort: any failure to read them becomes
 * one notice and `undefined`, never an error of the step.
 */
async function showRevisionLogs(readPage, options) {
    const { io, redact } = options;
    const phase = (0,revision_status/* phaseOf */.hU)(options.statusesSeen);
    let lines;
    try {
        lines = await readLastLogLines((query, call) => readPage(phase, query, call), options.maxLines, options.call);
    }
    catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const missing = /HTTP 404/.test(reason) ? 'this service does not offer revision logs' : reason;
        io.notice(redact(`The ${phase} logs of revision ${options.revisionId} could not be shown: ${missing}`));
        return undefined;
    }
    const shown = lines.map((line) => ({ ...line, message: redact(line.message) }));
    if (shown.length === 0) {
        io.notice(`Revision ${options.revisionId} has no ${phase} log lines.`);
        return { phase, lines: shown };
    }
    io.startGroup(`Last ${shown.length} lines of the ${phase} log of revision ${options.revisionId}`);
    for (const line of shown)
        io.info(formatLogLine(line));
    io.endGroup();
    const annotated = errorAnnotations(shown);
    for (const line of annotated)
        io.error(line.message, annotationTitle(phase, line.time));
    const errorLines = shown.filter(isErrorLine).length;
    if (errorLines > annotated.length)
        io.moreErrors?.(errorLines - annotated.length);
    return { phase, lines: shown };
}
/** An ERROR line's title as a reader scans it: the log and its time of day in UTC, no ISO stamp. */
function annotationTitle(phase, time) {
    const at = /T?(\d{2}:\d{2}:\d{2})/.exec(time)?.[1];
    return at ? `${phase} log error at ${at} UTC` : `${phase} log error`;
}

// EXTERNAL MODULE: ./src/lib/github-links.ts
var github_links = __webpack_require__(3676);
// EXTERNAL MODULE: ./src/wait/progress-text.ts
var progress_text = __webpack_require__(8432);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: ./src/policy/compare.ts
var compare = __webpack_require__(6161);
// EXTERNAL MODULE: ./src/policy/compare-environments.ts
var compare_environments = __webpack_require__(5760);
// EXTERNAL MODULE: ./src/inputs/release-policy.ts
var release_policy = __webpack_require__(4851);
// EXTERNAL MODULE: ./src/report/policy-model.ts
var policy_model = __webpack_require__(3034);
;// CONCATENATED MODULE: ./src/policy-facts.ts




async function policyFacts(config, redact, log, deadline, world) {
    const policy = config.releasePolicy;
    if (policy === undefined)
        return undefined;
    const environment = policy.environment;
    const facts = {
        path: policy.path,
        inEffect: policy.inEffect,
        ...(environment === undefined ? {} : { environment })
    };
    if (!config.github || world.env.GITHUB_EVENT_NAME !== 'pull_request')
        return facts;
    const base = await baseSide(config.github.token, facts, redact, deadline, world);
    if (base?.kind === 'failed')
        log.warning(`The release policy at the pull request's base commit was not read, so what this pull request changes in it is not shown: ${base.why}`);
    if (base === undefined)
        return facts;
    const head = (0,release_policy/* policyHead */.N)(policy);
    // A policy not read from a file (a test's fixture): this run's environment alone.
    const sides = head?.sides ?? thisRunOnly(policy.inEffect);
    const changes = (0,policy_model/* policyChanges */.c)(sides, environment, base);
    if (head !== undefined)
        warnWeaker(changes, policy.path, head, log);
    return { ...facts, base, changes };
}
/**
 * Each weaker line as a warning on the line of the file that makes it, worst first, so the
 * reviewer sees it on the pull request's diff (the log keeps them within GitHub's budget).
 */
function warnWeaker(changes, file, head, log) {
    if (!changes.read)
        return;
    for (const { scope, change } of changes.weaker) {
        const entry = scope.kind === 'entry' ? scope.name : null;
        const where = scope.kind === 'entry' ? `environments.${scope.name}: ` : '';
        log.warning(`The release policy is made weaker: ${where}${(0,compare/* changeLine */.vK)(change)}`, {
            rank: 'weaker-policy',
            place: {
                file,
                ...head.placeOf((0,compare_environments/* writtenPath */.dR)(change.keyPath), entry),
                title: 'release policy made weaker'
            }
        });
    }
}
function thisRunOnly({ policy, files }) {
    return { entries: [], side: () => ({ policy, files }) };
}
async function baseSide(token, facts, redact, deadline, world) {
    try {
        // GitHub's code is one chunk, named at each import (see execute.ts).
        const { readBasePolicy } = await Promise.all(/* import() | github */[__webpack_require__.e(665), __webpack_require__.e(326)]).then(__webpack_require__.bind(__webpack_require__, 175));
        const { workflowTarget } = await Promise.all(/* import() | github */[__webpack_require__.e(665), __webpack_require__.e(326)]).then(__webpack_require__.bind(__webpack_require__, 127));
        return await readBasePolicy({
            token,
            redact,
            path: facts.path,
            environment: facts.environment,
            deadline: deadline.at,
            now: world.clock.now,
            sleep: world.clock.sleep,
            fetch: world.connections.githubFetch,
            // Each read's failure is the comparison's, said once by the caller.
            warn: () => undefined
        }, workflowTarget(world.env));
    }
    catch (error) {
        return { kind: 'failed', why: error instanceof Error ? error.message : String(error) };
    }
}

;// CONCATENATED MODULE: ./src/execute.ts















/**
 * Runs the operation the config asks for, then the agent checks, records, logs and summary.
 * Everything it writes goes through ./report/, each redacting with `redact` before it escapes:
 * the log as the run goes, and one reporter (./report/reporter.ts) for what the operations report:
 * the outputs, GitHub's final records, the summary and the last line. Time, the cancel signal, the
 * network and the sink are the world's.
 */
async function execute(config, redact, startedAt, world, 
/** The run's log: its annotation budget is the whole run's. */
log) {
    const onCancel = () => {
        const reason = world.signal.reason;
        log.info(`Received ${reason instanceof operations_deps/* CancelledError */.c ? reason.signalName : 'a cancel'}: stopping.`);
    };
    world.signal.addEventListener('abort', onCancel, { once: true });
    try {
        await executeWith(config, redact, startedAt, world, log);
    }
    finally {
        world.signal.removeEventListener('abort', onCancel);
    }
}
async function executeWith(config, redact, startedAt, world, log) {
    const { clock, sink } = world;
    // Where links point: the workflow's server, repository, run and commit.
    const place = (0,github_links/* githubPlaceFromEnv */.C8)(world.env);
    const commit = (0,github_links/* workflowCommit */.vx)(world.env, (path) => (0,external_node_fs_.readFileSync)(path, 'utf8'));
    const reporter = runnerReporter(redact, log, sink);
    // The GitHub records open once the run is wired (under its deadline); the wait reports to them.
    const opened = {};
    const deps = wireRun({
        config,
        world,
        startedAt,
        io: {
            info: (message) => log.info(message),
            notice: (message) => log.notice(message),
            warning: (message, options) => log.warning(message, options),
            known: (fact) => reporter.known(fact),
            waitStarting: (_revisionId, expected, servingUrl) => opened.records?.waitStarting(expected, servingUrl),
            redeploying: (_revisionId, commit) => opened.records?.redeploying(commit),
            stepProgress: (progress) => opened.records?.stepProgress(progress)
        },
        client: {
            onDebug: (line) => log.debug(line),
            onRetry: ({ method, path, attempt, delayMs, reason }) => log.info(`${method} ${path}: ${reason}; retry ${attempt} in ${(0,duration/* formatDuration */.a)(delayMs, 'fine')}`)
        }
    });
    // Beside the deploy: started now, never awaited before the first control-plane request.
    const records = await openRecords(config, redact, log, deps.deadline, world, { place, commit });
    opened.records = records;
    const previews = await openPreviews(config, redact, log, deps.deadline, world);
    deps.pullRequestState = previews && ((pullNumber) => previews.pullRequestState(pullNumber));
    // The release policy for the report: on a pull request, its base branch's read beside the deploy.
    const policy = policyFacts(config, redact, log, deps.deadline, world);
    const delivery = await deliver(config, deps);
    const { result, checks, rollback } = delivery;
    reporter.finish({ operation: config.operation, ...delivery });
    await previews?.markDeleted(deletedPreviews(result, config, previews.workflowPullRequest));
    const logs = await failureLogs(result, config, deps.client, redact, log, world);
    // A rollback whose redeploy failed or timed out: its own revision's log, as a failed build's.
    const rollbackLogs = rollback && result.deploymentId
        ? await failureLogs({
            ...rollback,
            deploymentId: result.deploymentId,
            statusesSeen: rollback.statusesSeen ?? []
        }, config, deps.client, redact, log, world)
        : undefined;
    const model = (0,report_model/* buildReport */.FK)({
        operation: config.operation,
        result,
        checks,
        rollback,
        logs,
        rollbackLogs,
        // A promote's source is the deployments' own (result.promotion), never the input's default.
        source: operations/* OPERATIONS */.xb[config.operation].sendsSource ? config.source : undefined,
        target: operations/* OPERATIONS */.xb[config.operation].sendsSource ? deployTarget(config) : undefined,
        workflowCommit: commit,
        place,
        now: clock.now(),
        startedAt,
        inputName: config.name ?? config.deploymentId,
        policy: await policy
    });
    await reporter.end({ result, rollback, model, records, place, commentName: recordName(config) });
}
/** The ref, image or folder a deploy sends, for the summary. */
function deployTarget(config) {
    if (config.source === 'git_host')
        return config.repoRef;
    if (config.source === 'internal_source')
        return `folder ${config.sourceDir}`;
    return config.imageUri;
}
/** The GitHub deployment and PR comment, when asked for; never fails nor holds the run. */
async function openRecords(config, redact, log, deadline, world, links) {
    const operation = operations/* OPERATIONS */.xb[config.operation];
    const deploymentName = recordName(config);
    if (!config.github || operation.github !== 'records' || config.dryRun)
        return undefined;
    if (deploymentName === undefined)
        return undefined;
    const building = (now, previousBody) => (0,pr_comment_text/* renderBuildingComment */.cW)({
        deploymentName,
        // Only an operation that builds the workflow's commit names it; the others' commit is
        // the service's, named once known.
        commit: operation.commit === 'workflow' ? links.commit : undefined,
        runUrl: links.place && (0,github_links/* runUrl */.Vp)(links.place),
        now: world.clock.now(),
        verb: operation.waiting,
        ...now
    }, previousBody, links.place, redact, (text) => log.notice(text));
    try {
        // GitHub's code is one chunk (named at each import): the client and the pull request's
        // comment once in dist/, not in a chunk of each module a run may ask for first.
        const { openGitHubRecords } = await Promise.all(/* import() | github */[__webpack_require__.e(665), __webpack_require__.e(326)]).then(__webpack_require__.bind(__webpack_require__, 7997));
        const { workflowTarget } = await Promise.all(/* import() | github */[__webpack_require__.e(665), __webpack_require__.e(326)]).then(__webpack_require__.bind(__webpack_require__, 127));
        return openGitHubRecords({
            token: config.github.token,
            environment: config.github.environment,
            releasePolicy: config.releasePolicy && {
                path: config.releasePolicy.path,
                digest: config.releasePolicy.inEffect.digest,
                entry: config.releasePolicy.inEffect.entry
            },
            prComment: config.github.prComment,
            verb: operation.verb,
            commit: operation.commit,
            deploymentName,
            redact,
            deadline: recordsDeadline(deadline, config),
            now: world.clock.now,
            sleep: world.clock.sleep,
            warn: (message) => log.warning(message),
            info: (message) => log.info(message),
            fetch: world.connections.githubFetch,
            buildingComment: (expected, previousBody, servingUrl) => building({ expectedAt: expected && (0,progress_text/* expectedEndAt */.RP)(expected), ...(servingUrl && { servingUrl }) }, previousBody),
            progressComment: (progress, previousBody) => building({
                step: {
                    progress: progress.text,
                    ...(progress.deploymentUrl && { servingUrl: progress.deploymentUrl })
                }
            }, previousBody)
        }, workflowTarget(world.env));
    }
    catch (error) {
        log.warning(`Nothing was recorded on GitHub: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
    }
}
/** GitHub's side of deleted previews, for operations delete and prune with github-token. */
async function openPreviews(config, redact, log, deadline, world) {
    if (!config.github || operations/* OPERATIONS */.xb[config.operation].github !== 'previews')
        return undefined;
    try {
        const { openGitHubPreviews } = await Promise.all(/* import() | github */[__webpack_require__.e(665), __webpack_require__.e(326)]).then(__webpack_require__.bind(__webpack_require__, 8003));
        const { workflowTarget } = await Promise.all(/* import() | github */[__webpack_require__.e(665), __webpack_require__.e(326)]).then(__webpack_require__.bind(__webpack_require__, 127));
        return openGitHubPreviews({
            token: config.github.token,
            redact,
            place: (0,github_links/* githubPlaceFromEnv */.C8)(world.env),
            notice: (text) => log.notice(text),
            deadline: deadline.at,
            now: world.clock.now,
            sleep: world.clock.sleep,
            warn: (message) => log.warning(message),
            fetch: world.connections.githubFetch
        }, workflowTarget(world.env));
    }
    catch (error) {
        log.warning(`GitHub cannot be reached: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
    }
}
/**
 * The previews whose GitHub traces go: a deleted (or absent) deployment's `environment` and the
 * workflow's pull request; each pruned one's environment of its name and the pull request whose
 * number ends it. None on a dry run.
 */
function deletedPreviews(result, config, workflowPullRequest) {
    if (result.pruneRows) {
        return result.pruneRows
            .filter((row) => row.result === 'deleted' || row.result === 'already gone')
            .map((row) => ({
            deploymentName: row.name,
            environment: row.name,
            pullRequest: row.pullRequest
        }));
    }
    if (result.outcome !== 'deleted' && result.outcome !== 'absent')
        return [];
    const deploymentName = result.deploymentName ?? config.name;
    if (deploymentName === undefined)
        return [];
    return [
        {
            deploymentName,
            environment: config.github?.environment,
            pullRequest: workflowPullRequest
        }
    ];
}
/** The logs that explain a failed or timed-out revision, shown in the log; best effort. */
async function failureLogs(result, config, client, redact, log, world) {
    const { deploymentId, revisionId } = result;
    if (!outcomes/* OUTCOMES */.i[result.outcome].failureLogs)
        return undefined;
    if (config.logLines === 0 || !deploymentId || !revisionId)
        return undefined;
    return showRevisionLogs((phase, query, call) => client.getRevisionLogs(deploymentId, revisionId, phase, query, call), {
        revisionId,
        statusesSeen: result.statusesSeen,
        maxLines: config.logLines,
        redact,
        call: { deadline: logReadDeadline(world.clock), signal: world.signal },
        io: log
    });
}
/**
 * The name the GitHub deployment and PR comment are found by, the same while building and at the
 * end: the input's, so a deployment named by id keeps one comment whatever the service calls it.
 * None for prune, which names no deployment (its GitHub side is the previews it removed).
 */
function recordName(config) {
    // As named() names it: the name, else the id.
    return operations/* OPERATIONS */.xb[config.operation].namesDeployment
        ? (config.name ?? config.deploymentId)
        : undefined;
}


/***/ }),

/***/ 7299:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  cW: () => (/* binding */ renderBuildingComment),
  wQ: () => (/* binding */ renderComment),
  Rd: () => (/* binding */ renderDeletedComment)
});

// UNUSED EXPORTS: wrapped

// EXTERNAL MODULE: ./src/lib/duration.ts
var duration = __webpack_require__(2543);
// EXTERNAL MODULE: ./src/lib/github-links.ts
var github_links = __webpack_require__(3676);
// EXTERNAL MODULE: ./src/wait/progress-text.ts
var progress_text = __webpack_require__(8432);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(2857);
// EXTERNAL MODULE: ./src/lib/ids.ts
var ids = __webpack_require__(829);
// EXTERNAL MODULE: ./src/lib/url.ts
var lib_url = __webpack_require__(5194);
;// CONCATENATED MODULE: ./src/report/comment-history.ts




/** Pushes kept at the most. */
const MAX_PUSHES = 10;
/** Characters of the data line read at the most: more is someone else's text. */
const MAX_DATA = 8_000;
const PREFIX = '<!-- deploy-agent-action:history=';
const SUFFIX = ' -->';
/** A time with its milliseconds, as toISOString writes it. */
const withMillis = (text) => (text.length === 20 ? `${text.slice(0, 19)}.000Z` : text);
/** A time as the action writes it (toISOString, UTC), and a real one: 2026-02-30 is not. */
const isoTime = schemas/* string */.YjP()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/)
    .refine((text) => {
    const epochMs = Date.parse(text);
    // Date.parse rolls an impossible day over (30 February is 2 March): only a round trip holds.
    return Number.isFinite(epochMs) && new Date(epochMs).toISOString() === withMillis(text);
});
const pushSchema = schemas/* object */.Ikc({
    commit: schemas/* string */.YjP().regex(github_links/* FULL_SHA */.RG),
    revision: schemas/* string */.YjP().regex(ids/* UUID */.k).optional(),
    verdict: schemas/* enum */.k5n(['served', 'failed', 'rolled back', 'timed out', 'cancelled']),
    at: isoTime
});
/** Why an entry was dropped, by the field that failed (never its value: the text is anyone's). */
const FIELD_PROBLEMS = {
    commit: '`commit` is not a full commit id',
    revision: '`revision` is not a revision id',
    verdict: '`verdict` is not one this action writes',
    at: '`at` is not a date'
};
/** The hidden data line of a comment's memory. */
function memoryLine(memory, redact) {
    const url = memory.lastGoodUrl !== undefined &&
        'url' in (0,lib_url/* checkHttpUrl */.O)(memory.lastGoodUrl) &&
        redact(memory.lastGoodUrl) === memory.lastGoodUrl
        ? memory.lastGoodUrl
        : undefined;
    const data = JSON.stringify({ pushes: memory.pushes.slice(0, MAX_PUSHES), lastGoodUrl: url });
    return `${PREFIX}${Buffer.from(data).toString('base64url')}${SUFFIX}`;
}
/**
 * The memory of a comment this action wrote before (its body as GitHub returned it); empty when
 * there is none, or its data does not hold. Read as untrusted: only well-shaped fields survive,
 * an entry that does not parse is dropped, and `notice` says what was dropped, never throwing.
 */
function readMemory(body, redact, notice = () => undefined) {
    const line = body?.split('\n', 3).find((text) => text.startsWith(PREFIX));
    if (line === undefined)
        return { pushes: [] };
    const data = decodeLine(line);
    const shape = schemas/* object */.Ikc({
        pushes: schemas/* array */.YOg(schemas/* unknown */.L5J()).max(100),
        lastGoodUrl: schemas/* string */.YjP().max(2_000).optional()
    })
        .safeParse(data);
    if (!shape.success) {
        notice("The pull-request comment's history does not parse: it is dropped, and the history starts again from this run.");
        return { pushes: [] };
    }
    const problems = new Set();
    const parsed = shape.data.pushes.flatMap((push) => {
        const result = pushSchema.safeParse(push);
        if (result.success)
            return [result.data];
        const field = result.error.issues[0]?.path[0];
        problems.add((typeof field === 'string' && FIELD_PROBLEMS[field]) || 'the entry is not a push record');
        return [];
    });
    const dropped = shape.data.pushes.length - parsed.length;
    if (dropped > 0) {
        const which = dropped === 1 ? '1 entry that does not parse' : `${dropped} entries that do not parse`;
        notice(`The pull-request comment's history holds ${which} (${[...problems].join('; ')}): ${dropped === 1 ? 'it is' : 'they are'} dropped, and the comment is updated without ${dropped === 1 ? 'it' : 'them'}.`);
    }
    const url = shape.data.lastGoodUrl;
    const lastGoodUrl = url !== undefined && 'url' in (0,lib_url/* checkHttpUrl */.O)(url) && redact(url) === url ? url : undefined;
    return { pushes: parsed.slice(0, MAX_PUSHES), ...(lastGoodUrl ? { lastGoodUrl } : {}) };
}
/** The JSON of a history line, or undefined when the line is not one this action wrote. */
function decodeLine(line) {
    if (line.length > MAX_DATA || !line.endsWith(SUFFIX))
        return undefined;
    const encoded = line.slice(PREFIX.length, -SUFFIX.length);
    if (!/^[A-Za-z0-9_-]*$/.test(encoded))
        return undefined;
    try {
        return JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    }
    catch {
        return undefined;
    }
}

// EXTERNAL MODULE: ./src/report/headline.ts
var headline = __webpack_require__(4512);
// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(4285);
// EXTERNAL MODULE: ./src/report/policy-text.ts
var policy_text = __webpack_require__(5132);
// EXTERNAL MODULE: ./src/report/report-pieces.ts
var report_pieces = __webpack_require__(1748);
// EXTERNAL MODULE: ./src/report/report-model.ts + 1 modules
var report_model = __webpack_require__(5309);
// EXTERNAL MODULE: ./src/report/risks.ts
var risks = __webpack_require__(9330);
// EXTERNAL MODULE: ./src/report/step-rows.ts
var step_rows = __webpack_require__(2274);
// EXTERNAL MODULE: ./src/report/summary.ts + 1 modules
var summary = __webpack_require__(2529);
;// CONCATENATED MODULE: ./src/report/pr-comment-text.ts












/** The preview's link, in words: a URL as a link's text is read as noise. */
const PREVIEW_LINK = 'open the preview ↗';
/**
 * The pull-request comment, rendered from the report model: the preview link first, the reason
 * and the run link on failure, the commit linked (and compared), an "updated" time in UTC, and a
 * collapsed history of earlier pushes kept in the comment itself (./comment-history.ts).
 */
function renderComment(model, previousBody, place, redact, 
/** The name the comment is found by: the same the building comment used. */
markerName = model.deploymentName, 
/** Told what of the earlier comment's history did not parse and was dropped. */
notice) {
    const md = (0,markdown/* markdownFor */.DY)(redact);
    const memory = readMemory(previousBody, redact, notice);
    const push = pushOf(model);
    const pushes = push ? [push, ...memory.pushes].slice(0, MAX_PUSHES) : memory.pushes;
    const url = model.links.deployment;
    // Whatever serves at the deployment's URL is linked, a failed revision (the rollback failed)
    // included: the reader must reach what users meet.
    const servesHere = model.serving.whose !== 'none' && model.serving.whose !== 'unknown';
    const lastGoodUrl = model.succeeded && url ? url : memory.lastGoodUrl;
    const preview = servesHere && url ? url : memory.lastGoodUrl;
    // The compare view's base: the run knew it, or the last push this comment saw served.
    const servedBefore = memory.pushes.find((earlier) => earlier.verdict === 'served')?.commit;
    const compare = model.links.compare ?? (place ? (0,github_links/* compareUrl */.XH)(place, servedBefore, model.commit) : undefined);
    const lines = [
        md.marker(markerName),
        memoryLine({ pushes, lastGoodUrl }, redact),
        `### ${(0,report_pieces/* headlineMarkdown */.Ux)(model, md)}`,
        '',
        ...(model.succeeded
            ? []
            : [
                ...(0,report_pieces/* alert */.xE)(model.rollback?.restored ? 'WARNING' : 'CAUTION', [
                    model.failedCheck?.why !== undefined
                        ? `**${md.cell((0,summary/* capitalized */.l2)(model.failedCheck.name))} ${model.failedCheck.verdict === 'failed' ? 'failed' : 'could not conclude'}:** ${md.paragraph(model.failedCheck.why)}`
                        : md.paragraph(model.reason ?? model.message),
                    ...failedCases(model, md, redact),
                    ...(model.rollback
                        ? ['', `**The rollback:** ${md.paragraph(model.rollback.words)}`]
                        : []),
                    // A redeploy that failed: its revision's ERROR lines, as a failed build's below.
                    ...(model.rollback?.logs && model.rollback.logs.errors.length > 0
                        ? ['', md.fence(wrapped(model.rollback.logs.errors.slice(0, 5)))]
                        : []),
                    ...(model.logs && model.logs.errors.length > 0
                        ? ['', md.fence(wrapped(model.logs.errors.slice(0, 5)))]
                        : [])
                ]),
                ''
            ]),
        ...(preview ? [`**Preview:** ${md.linkWords(PREVIEW_LINK, preview)}`, ''] : []),
        ...(0,risks/* riskLines */.f)(model, md, redact),
        ...facts({ ...model, links: { ...model.links, compare } }, md),
        ...commentPayloads(model).flatMap(({ name, row, payload, afterRollback }) => row.comment?.(payload, { ...viewOf(model, name, md, redact), afterRollback }) ?? []),
        ...(0,policy_text/* policyComment */.gZ)(model.policy, md),
        ...pr_comment_text_history(pushes.slice(push ? 1 : 0), place, md)
    ];
    return (0,markdown/* capComment */.W2)(lines.join('\n'));
}
/** While the revision builds: what is building, when it is expected, and what still serves. */
function renderBuildingComment(building, previousBody, place, redact, 
/** Told what of the earlier comment's history did not parse and was dropped. */
notice) {
    const md = (0,markdown/* markdownFor */.DY)(redact);
    const memory = readMemory(previousBody, redact, notice);
    const what = building.commit ? ` ${md.code((0,headline/* shortCommit */.Ax)(building.commit))}` : '';
    const when = building.expectedAt ? `, expected around ${(0,progress_text/* clockTime */.qo)(building.expectedAt)}` : '';
    const { step } = building;
    // What serves now, as the deployment was read, before what this comment last saw served.
    const stillServing = building.servingUrl ?? memory.lastGoodUrl;
    const serving = step?.servingUrl
        ? `**Serving, being checked:** ${md.linkWords(PREVIEW_LINK, step.servingUrl)}`
        : stillServing
            ? `**Still serving:** ${md.linkWords(PREVIEW_LINK, stillServing)}`
            : '**Still serving:** no earlier preview of this pull request';
    const items = [
        serving,
        ...(step ? [`**Now:** ${md.cell(step.progress)}`] : []),
        ...(building.commit
            ? [
                `**Commit:** ${(0,report_pieces/* linkedCommit */.Tp)(building.commit, place && (0,github_links/* commitUrl */.Bg)(place, building.commit), md)}`
            ]
            : []),
        ...(building.runUrl ? [`**Run:** ${md.linkAs('this workflow run', building.runUrl)}`] : []),
        `**Updated:** ${dayAndTime(building.now)}`
    ];
    return (0,markdown/* capComment */.W2)([
        md.marker(building.deploymentName),
        memoryLine(memory, redact),
        `### 🔄 ${md.cell(building.deploymentName)}: ${step ? `checking${what}` : `${md.cell(building.verb)}${what}${md.cell(when)}`}`,
        '',
        ...items.map((item) => `- ${item}`),
        '',
        ...pr_comment_text_history(memory.pushes, place, md)
    ].join('\n'));
}
/**
 * The comment once the preview is gone (operations delete and prune): the same marker, so it
 * replaces the last one; when it was deleted and by which run, in words; the earlier pushes kept,
 * the last good link dropped (it no longer answers).
 */
function renderDeletedComment(deleted, previousBody, place, redact, notice) {
    const md = (0,markdown/* markdownFor */.DY)(redact);
    const { pushes } = readMemory(previousBody, redact, notice);
    const by = deleted.runUrl ? ` by ${md.linkAs('this workflow run', deleted.runUrl)}` : '';
    return (0,markdown/* capComment */.W2)([
        md.marker(deleted.deploymentName),
        memoryLine({ pushes }, redact),
        `### 🗑️ ${md.cell(deleted.deploymentName)}: the preview was deleted`,
        '',
        `The preview was deleted on ${dayAndTime(deleted.now)}${by}; its URL no longer answers.`,
        '',
        ...pr_comment_text_history(pushes, place, md)
    ].join('\n'));
}
/** Characters of a code line that fit the comment's box; a longer line is wrapped, not scrolled. */
const COMMENT_CODE_WIDTH = 90;
/** Log lines wrapped at spaces (or hard, when a word is longer) to fit the comment's box. */
function wrapped(lines, width = COMMENT_CODE_WIDTH) {
    return lines.flatMap((line) => {
        const parts = [];
        let rest = line;
        while (rest.length > width) {
            const space = rest.lastIndexOf(' ', width);
            const cut = space > width / 2 ? space : width;
            parts.push(rest.slice(0, cut));
            rest = `  ${rest.slice(cut).trimStart()}`;
        }
        return [...parts, rest];
    });
}
/** A payload in the comment: this run's revision's (the comment shows no rollback's). */
function viewOf(model, name, md, redact) {
    return {
        md,
        redact,
        failedHere: model.failedCheck?.check === name,
        afterRollback: false,
        broughtBack: model.rollback?.toRevisionId
    };
}
/**
 * The payloads the comment shows: this run's revision's, except where a step restored on the
 * revision a rollback brought back: that one's, what serves now.
 */
function commentPayloads(model) {
    const all = (0,step_rows/* payloadRows */.au)(model.payloads, model.rollback?.payloads);
    const restoredHere = new Set(all
        .filter((each) => each.afterRollback && each.row.outputsAfterRollback)
        .map((each) => each.name));
    return all.filter((each) => each.afterRollback ? restoredHere.has(each.name) : !restoredHere.has(each.name));
}
/** What the failed step read, in the reason block (the failed smoke cases by name). */
function failedCases(model, md, redact) {
    return (0,step_rows/* payloadRows */.au)(model.payloads).flatMap(({ name, row, payload }) => {
        const view = viewOf(model, name, md, redact);
        return view.failedHere ? (row.commentReason?.(payload, view) ?? []) : [];
    });
}
function facts(model, md) {
    const items = [
        `**Serving now:** ${(0,summary/* servingWords */.Av)(model.serving, md)}`,
        ...(model.commit
            ? [
                `**Commit:** ${(0,report_pieces/* linkedCommit */.Tp)(model.commit, model.links.commit, md)}${model.links.compare ? ` (${md.linkAs('compare with the commit before', model.links.compare)})` : ''}`
            ]
            : []),
        `**Took:** ${(0,duration/* formatDuration */.a)(model.stepMs)}${model.rollback ? `; the rollback ${(0,duration/* formatDuration */.a)(model.rollback.elapsedMs)}` : ''}`,
        ...(model.policy?.given && model.policy.rollbackOff
            ? [
                `**Rollback:** off under ${md.code(`environments.${model.policy.entry ?? ''}`)}: a failed check leaves this revision serving`
            ]
            : []),
        ...(model.links.run ? [`**Run:** ${md.linkAs('this workflow run', model.links.run)}`] : []),
        `**Updated:** ${dayAndTime(model.updatedAt)}`
    ];
    return [...items.map((item) => `- ${item}`), ''];
}
/** What a push ended as, for the comment's history. */
function pushOf(model) {
    if (!model.commit)
        return undefined;
    const verdict = model.succeeded
        ? 'served'
        : model.rollback?.restored
            ? 'rolled back'
            : model.outcome === 'timeout'
                ? 'timed out'
                : model.outcome === 'cancelled'
                    ? 'cancelled'
                    : 'failed';
    return {
        commit: model.commit,
        ...(model.revisionId ? { revision: model.revisionId } : {}),
        verdict,
        at: new Date(model.updatedAt).toISOString()
    };
}
const PUSH_WORDS = {
    served: '✅ served',
    failed: '❌ failed',
    'rolled back': '↩️ failed, rolled back',
    'timed out': '⏱️ timed out',
    cancelled: '🛑 cancelled'
};
/** Earlier pushes, collapsed: commit → revision → verdict. */
function pr_comment_text_history(pushes, place, md) {
    if (pushes.length === 0)
        return [];
    return [
        `<details><summary>Earlier pushes (${pushes.length})</summary>`,
        '',
        '| Commit | Revision | Verdict | Ended |',
        '|---|---|---|---|',
        ...pushes.map((push) => `| ${(0,report_pieces/* linkedCommit */.Tp)(push.commit, place && (0,github_links/* commitUrl */.Bg)(place, push.commit), md)} | ${push.revision ? md.code((0,report_model/* shortId */.m_)(push.revision)) : '—'} | ${PUSH_WORDS[push.verdict]} | ${dayAndTime(Date.parse(push.at))} |`),
        '',
        '</details>',
        ''
    ];
}
/** A push's time with its day: the history spans days, a time of day alone would not say which. */
function dayAndTime(epochMs) {
    return `${new Date(epochMs).toISOString().slice(0, 10)} ${(0,progress_text/* clockTime */.qo)(epochMs)}`;
}


/***/ }),

/***/ 7580:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ statusDescription),
/* harmony export */   o: () => (/* binding */ MAX_DESCRIPTION)
/* harmony export */ });
/* harmony import */ var _headline__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4512);
/* harmony import */ var _markdown__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4285);
/* harmony import */ var _step_rows__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2274);



/** GitHub's limit for a deployment status description. */
const MAX_DESCRIPTION = 140;
/**
 * The GitHub deployment status's description: the headline's words as plain text (GitHub shows
 * the state beside it, so no mark) and the gate's verdict, redacted, on one line, at most 140
 * characters.
 */
function statusDescription(model, redact) {
    // A step's verdict in a few words beside the headline (the gate's); the step that failed the
    // run says it once, in the headline, with what it read.
    const beside = (0,_step_rows__WEBPACK_IMPORTED_MODULE_2__/* .payloadRows */ .au)(model.payloads).flatMap(({ name, row, payload }) => row.status && model.failedCheck?.check !== name ? [`; ${row.status(payload)}`] : []);
    return (0,_markdown__WEBPACK_IMPORTED_MODULE_1__/* .markdownFor */ .DY)(redact).plain(`${(0,_headline__WEBPACK_IMPORTED_MODULE_0__/* .plainHeadline */ .r6)(model)}${beside.join('')}`, MAX_DESCRIPTION);
}


/***/ }),

/***/ 8603:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  suiteStep: () => (/* binding */ suiteStep)
});

// EXTERNAL MODULE: ./src/agent-checks/section.ts
var section = __webpack_require__(1206);
// EXTERNAL MODULE: ./src/step-kit/define.ts
var step_kit_define = __webpack_require__(2052);
// EXTERNAL MODULE: ./src/step-kit/kit.ts
var kit = __webpack_require__(9695);
// EXTERNAL MODULE: ./src/lib/duration.ts
var duration = __webpack_require__(2543);
// EXTERNAL MODULE: ./src/control-plane/transport.ts
var transport = __webpack_require__(9747);
// EXTERNAL MODULE: ./src/lib/expectation.ts
var expectation = __webpack_require__(2981);
// EXTERNAL MODULE: ./src/agent-server/run.ts
var agent_server_run = __webpack_require__(2890);
// EXTERNAL MODULE: ./src/smoke/cases.ts
var cases = __webpack_require__(8288);
// EXTERNAL MODULE: ./src/smoke/report.ts
var smoke_report = __webpack_require__(2711);
;// CONCATENATED MODULE: ./src/smoke/suite.ts






/** Characters of a reply kept; the summary shows its first line, the log one line of it. */
const MAX_REPLY = 4_000;
/**
 * `smoke.cases`, once the other agent checks passed: the suite under `deps.deadline` (its own
 * `agent.timeout`, inside the run's). Below `smoke.min-pass` it fails, with why.
 */
async function checkSmokeSuite(verify, server, deps) {
    const { cases, concurrency, minPass } = verify.suite;
    deps.info(`Smoke suite: ${cases.length} case${cases.length === 1 ? '' : 's'} against revision ${server.revisionId}, ${concurrency} at a time.`);
    const report = await runSmokeSuite({
        ...server,
        deadline: deps.deadline,
        cases,
        defaultAssistant: verify.assistantId,
        concurrency,
        minPass,
        onCase: deps.info
    });
    const latency = report.medianMs === undefined
        ? ''
        : `; latency median ${seconds(report.medianMs)}, 95th percentile ${seconds(report.p95Ms ?? report.medianMs)}`;
    deps.info(`Smoke suite: ${(0,smoke_report/* passCount */.LG)(report)} (smoke.min-pass asks for ${report.required})${latency}.`);
    const failure = suiteFailure(report);
    return failure ? { suite: report, failure } : { suite: report };
}
/**
 * Runs every case once (one stateless POST /runs/wait each, never retried), at most
 * `concurrency` at a time, each bounded by the deadline (and its max-latency). Never throws for
 * what the agent server does; a cancellation goes through.
 */
async function runSmokeSuite(options) {
    const results = [];
    let next = 0;
    const worker = async () => {
        while (next < options.cases.length) {
            const index = next++;
            const smokeCase = options.cases[index];
            if (smokeCase === undefined)
                break;
            const result = await runCase(options, smokeCase);
            results[index] = result;
            options.onCase(caseLine(result));
        }
    };
    const workers = Math.max(1, Math.min(options.concurrency, options.cases.length));
    await Promise.all(Array.from({ length: workers }, worker));
    const passed = results.filter((result) => result.passed).length;
    const latencies = results
        .flatMap((result) => (result.latencyMs === undefined ? [] : [result.latencyMs]))
        .sort((a, b) => a - b);
    return {
        revisionId: options.revisionId,
        cases: results,
        passed,
        failed: results.length - passed,
        required: (0,cases/* requiredPasses */.Td)(options.minPass, results.length),
        ...(options.minPass.kind !== 'count' && { share: `${options.minPass.percent}%` }),
        medianMs: median(latencies),
        p95Ms: latencies[Math.ceil(0.95 * latencies.length) - 1]
    };
}
/** The sentence that fails the checks when fewer cases passed than smoke.min-pass asks for. */
function suiteFailure(report) {
    if (report.passed >= report.required)
        return undefined;
    return `Smoke suite: ${suiteShortfall(report)}`;
}
/** How many cases passed against how many smoke.min-pass asks for, without the suite's name. */
function suiteShortfall(report) {
    return `${(0,smoke_report/* passCount */.LG)(report)} on revision ${report.revisionId}; smoke.min-pass asks for ${report.required}.`;
}
async function runCase(options, smokeCase) {
    const base = { name: smokeCase.name, reference: smokeCase.reference };
    const sentAt = options.now();
    const remaining = options.deadline - sentAt;
    if (remaining <= 0)
        return { ...base, passed: false, failure: 'not sent: agent.timeout had run out' };
    let answer;
    try {
        answer = await (0,agent_server_run/* statelessRun */.KM)(options, {
            assistantId: smokeCase.assistant ?? options.defaultAssistant,
            input: smokeCase.input,
            // Waiting past max-latency cannot make the case pass.
            timeoutMs: smokeCase.maxLatencyMs ?? remaining
        });
    }
    catch (error) {
        if (!(error instanceof transport/* TransportError */.wX))
            throw error;
        const failure = error.kind === 'timeout'
            ? smokeCase.maxLatencyMs !== undefined && options.deadline - options.now() > 0
                ? `no answer within its max-latency of ${seconds(smokeCase.maxLatencyMs)}`
                : 'no answer before agent.timeout ran out'
            : error.kind === 'too-large'
                ? `the answer was ${error.reason}, more than any reply of an agent server`
                : `no answer: ${error.reason}`;
        return { ...base, passed: false, failure };
    }
    const latencyMs = options.now() - sentAt;
    const answered = { ...base, latencyMs };
    if (answer.status !== 200)
        return {
            ...answered,
            passed: false,
            reply: cut(answer.text),
            failure: `${agent_server_run/* RUN_PATH */.mA} answered ${answer.status}`
        };
    const run = answer.reply;
    if (run.kind !== 'reply')
        return { ...answered, passed: false, failure: run.reason };
    // Judged on the whole reply; only what is shown is cut.
    const whole = run.text;
    const reply = cut(whole);
    const failures = [
        smokeCase.expect &&
            !(0,expectation/* meetsExpectation */.$u)(smokeCase.expect, whole) &&
            `the reply does not ${(0,expectation/* describeExpectation */.uN)(smokeCase.expect)} (expect)`,
        smokeCase.expectNot &&
            (0,expectation/* meetsExpectation */.$u)(smokeCase.expectNot, whole) &&
            `the reply does ${(0,expectation/* describeExpectation */.uN)(smokeCase.expectNot)} (expect-not)`,
        smokeCase.maxLatencyMs !== undefined &&
            latencyMs > smokeCase.maxLatencyMs &&
            `took ${seconds(latencyMs)}, over its max-latency of ${seconds(smokeCase.maxLatencyMs)}`
    ].filter((failure) => typeof failure === 'string');
    return failures.length > 0
        ? { ...answered, reply, passed: false, failure: failures.join('; ') }
        : { ...answered, reply, passed: true };
}
/**
 * The case's one log line: the reply's line breaks shown as ⏎, so that no reply takes more than
 * the case's line (the log redacts it, cuts it and escapes what would act on the workflow).
 */
function caseLine(result) {
    const oneLine = (text) => text.replace(/\s*(\r\n|\r|\n|\u2028|\u2029)\s*/g, ' ⏎ ');
    const verdict = result.passed ? 'passed' : `failed (${result.failure ?? 'no verdict'})`;
    const latency = result.latencyMs === undefined ? '' : ` in ${seconds(result.latencyMs)}`;
    const reply = result.reply === undefined ? '' : `: ${result.reply}`;
    return oneLine(`Smoke case ${JSON.stringify(result.name)}: ${verdict}${latency}${reply}`);
}
function median(sorted) {
    if (sorted.length === 0)
        return undefined;
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1
        ? sorted[middle]
        : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
function seconds(ms) {
    return (0,duration/* formatDuration */.a)(ms, 'fine');
}
function cut(text) {
    return text.length > MAX_REPLY ? `${text.slice(0, MAX_REPLY)}…` : text;
}

;// CONCATENATED MODULE: ./src/smoke/step.ts




const suiteStep = (0,step_kit_define/* defineStep */.o)({
    name: 'suite',
    needs: (config, revision) => {
        const verify = (0,section/* agentSettingsOf */.Kv)(config);
        const url = revision?.result.deploymentUrl;
        if (!verify || !url || !config.smoke)
            return undefined;
        return { verify, url, suite: config.smoke };
    },
    run: async (input) => {
        const { verify, suite: cases, url } = input.need;
        const { context, deadline } = input;
        const { suite, failure } = await checkSmokeSuite({ ...verify, suite: cases }, {
            ...(0,kit/* agentServer */.Px)(input, verify, url, section/* AGENT_KEYS */.TQ.timeout),
            revisionId: input.revision.revisionId
        }, {
            // The suite's own agent.timeout, from its start.
            deadline: (0,kit/* within */.ux)(context.clock, verify.timeoutMs, deadline),
            info: (line) => context.log.info(line)
        });
        if (!failure)
            return { verdict: 'passed', payload: suite };
        const unanswered = suite.cases.some((each) => each.latencyMs === undefined);
        return unanswered && context.clock.now() >= deadline
            ? {
                verdict: 'inconclusive',
                why: `${failure} The run's timeout ended before every case was answered, so the suite could not conclude.`,
                saw: `${suiteShortfall(suite)} The run's timeout ended before every case was answered.`,
                payload: suite
            }
            : { verdict: 'failed', why: failure, saw: suiteShortfall(suite), payload: suite };
    },
    broughtBack: 'again',
    inconclusiveRollsBack: true,
    stopsLaterOn: kit/* ENDS_THE_CHECKS */.xk
});


/***/ }),

/***/ 2052:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   o: () => (/* binding */ defineStep)
/* harmony export */ });
function defineStep(step) {
    return {
        name: step.name,
        inconclusiveRollsBack: step.inconclusiveRollsBack,
        stopsLaterOn: step.stopsLaterOn,
        onlyAfterPasses: step.onlyAfterPasses ?? false,
        asks: (config, revision) => step.needs(config, revision) !== undefined,
        open: (use) => use(step)
    };
}


/***/ }),

/***/ 9695:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Px: () => (/* binding */ agentServer),
/* harmony export */   k3: () => (/* binding */ agentServerAt),
/* harmony export */   ux: () => (/* binding */ within),
/* harmony export */   xk: () => (/* binding */ ENDS_THE_CHECKS)
/* harmony export */ });
/* harmony import */ var _lib_url__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5194);

// What several steps share: the verdicts that end the checks, a bounded read's deadline, and how
// the agent server is reached.
/** The verdicts after which no later step runs, for most steps. */
const ENDS_THE_CHECKS = ['failed', 'inconclusive'];
/** `ms` from now, never past `within` (epoch ms): a read that has a budget of its own. */
function within(clock, ms, within) {
    const end = clock.now() + ms;
    return within === undefined ? end : Math.min(end, within);
}
/**
 * Where the agent server is and how to reach it, under the budget the agent steps on a revision
 * share (`budgetInput` names the input that sets it, for the messages).
 */
function agentServer(input, verify, baseUrl, budgetInput) {
    const { context } = input;
    return {
        baseUrl,
        apiKey: verify.apiKey,
        authScheme: verify.authScheme,
        deadline: input.sharedDeadline(budgetInput, verify.timeoutMs),
        signal: context.signal,
        dispatcher: context.dispatcher,
        now: context.clock.now,
        sleep: context.clock.sleep
    };
}
/**
 * The agent server at `url` as the service gave it (undefined unless it is an http(s) URL), with
 * the step's credentials, under `deadline`: for the steps that read or write its resources.
 */
function agentServerAt(url, credentials, context, deadline) {
    const checked = url === undefined ? undefined : (0,_lib_url__WEBPACK_IMPORTED_MODULE_0__/* .checkHttpUrl */ .O)(url);
    if (checked === undefined || !('url' in checked))
        return undefined;
    return {
        baseUrl: checked.url,
        apiKey: credentials.apiKey,
        authScheme: credentials.authScheme,
        deadline,
        signal: context.signal,
        dispatcher: context.dispatcher,
        now: context.clock.now,
        sleep: context.clock.sleep
    };
}


/***/ }),

/***/ 2923:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   threadsStep: () => (/* binding */ threadsStep)
/* harmony export */ });
/* harmony import */ var _step_kit_define__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2052);
/* harmony import */ var _step_kit_kit__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9695);
/* harmony import */ var _lib_ids__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(829);
/**
 * Parked threads as a step after DEPLOYED: the target's interrupted threads and their graphs read
 * before the write (the old side), judged after DEPLOYED against the new revision's graphs and
 * read again by checkpoint, and read once more on a revision a rollback brings back (the threads
 * answered while the new code served are named). Operation rollback reads the same before its
 * write and judges the revision it brings back as warnings only. It only reads users' threads.
 * The code is ./index.ts, loaded on first use: a run without `threads.parked: check` never loads
 * it.
 */



// One chunk with the assistants' code (the same name there): the agent server's resource client
// they share is bundled once, and a run with neither step loads none of it.
const threadsCode = () => __webpack_require__.e(/* import() | agent-resources */ 698).then(__webpack_require__.bind(__webpack_require__, 7201));
const needOf = (config) => config.threads && {
    ...config.threads,
    ...(config.operation === 'promote' && { from: config.fromDeployment })
};
/** Its client of the agent server at `url` (none without a usable URL), under `deadline`. */
async function clientAt(url, need, context, deadline) {
    const server = (0,_step_kit_kit__WEBPACK_IMPORTED_MODULE_0__/* .agentServerAt */ .k3)(url, { apiKey: need.apiKey ?? context.config.apiKey, authScheme: need.authScheme }, context, deadline);
    if (server === undefined)
        return undefined;
    const { threadsClient } = await threadsCode();
    return threadsClient(server);
}
const NO_URL = 'the deployment has no usable URL to read its threads from';
function planOf(read, need, operation) {
    if (read.kind === 'nothing')
        return [`Parked threads: ${read.why}.`];
    if (read.kind === 'unreadable')
        return [`Parked threads: ${read.why}.`];
    const { threads, total } = read.read;
    const of = threads.length < total ? `the ${threads.length} newest of ${total}` : `${total}`;
    const against = operation === 'rollback'
        ? 'the graph of the revision brought back after DEPLOYED, as warnings only (a rollback is never blocked)'
        : "the new revision's graph after DEPLOYED";
    return [
        `Parked threads: ${of} interrupted thread(s) read (at most ${need.sample}); they are judged against ${against}.`
    ];
}
/** The deployment promoted from, as the promote reads it: by id, else by name. */
async function sourceUrl(from, context) {
    const call = { deadline: context.deadline.at, signal: context.signal };
    const source = (_lib_ids__WEBPACK_IMPORTED_MODULE_1__/* .UUID */ .k.test(from)
        ? await context.client.getDeployment(from, call).catch(() => undefined)
        : undefined) ?? (await context.client.findDeploymentByName(from, call));
    return source?.source_config.custom_url ?? undefined;
}
const threadsStep = (0,_step_kit_define__WEBPACK_IMPORTED_MODULE_2__/* .defineStep */ .o)({
    name: 'threads',
    needs: needOf,
    prepare: async (need, { deployment }, context) => {
        const { readBeforeWrite } = await threadsCode();
        const url = deployment?.source_config.custom_url ?? undefined;
        const client = await clientAt(url, need, context, context.deadline.at);
        const read = deployment !== undefined && client === undefined
            ? { kind: 'unreadable', why: `parked threads could not be read: ${NO_URL}` }
            : client === undefined
                ? { kind: 'nothing', why: 'a first deploy has no parked threads to read' }
                : await readBeforeWrite(need, client, {
                    firstDeploy: deployment === undefined,
                    deploymentId: deployment?.id
                });
        const { operation } = context.config;
        // With `fail`, threads that cannot be read stop a deploy before its write (never a rollback).
        if (read.kind === 'unreadable' && need.onIncompatible === 'fail' && operation === 'deploy')
            return {
                refused: {
                    message: `threads.parked: nothing was deployed: ${read.why}. With threads.on-incompatible: fail, parked threads that cannot be judged stop a deploy before its write; a deploy that fixes a broken agent server can set threads.parked: off.`,
                    refused: 'parked threads could not be judged'
                }
            };
        const canaries = canaryRunOf(need, deployment, context);
        if (need.from === undefined)
            return { prepared: { read, canaries }, plan: planOf(read, need, operation) };
        // A promote: production's threads against the source's graphs, before any write.
        const { judgeBeforePromote } = await threadsCode();
        const source = await clientAt(await sourceUrl(need.from, context), need, context, context.deadline.at);
        const judged = source === undefined
            ? {
                refuse: true,
                verdict: 'inconclusive',
                why: `parked threads could not be judged: the deployment promoted from has no usable URL`,
                warnings: []
            }
            : await judgeBeforePromote(need, read, source);
        for (const line of judged.warnings)
            context.log.warning(line);
        const why = judged.why ?? 'no reason given';
        if (judged.refuse)
            return {
                refused: {
                    message: `threads.parked: the promote was refused before any write: ${why}.`,
                    refused: judged.verdict === 'inconclusive'
                        ? 'parked threads could not be judged'
                        : 'parked threads would be stranded'
                }
            };
        return {
            prepared: { read, canaries },
            plan: [...planOf(read, need, operation), `Parked threads against the source's graph: ${why}.`]
        };
    },
    dryRun: 'Dry run: the parked threads were read; none was judged against a new graph.',
    prepareWrites: parkCanaries,
    finish: async (prepared, context) => {
        if (prepared.canaries !== undefined)
            await deleteCanaries(prepared.canaries, context);
    },
    run: async ({ need, prepared, revision, context, deadline }) => {
        const { checkAfterDeployed, readAfterRollback } = await threadsCode();
        const client = await clientAt(revision.result.deploymentUrl, need, context, deadline);
        const first = prepared.checked;
        if (first !== undefined && first.revisionId !== revision.revisionId) {
            // A revision a rollback brought back: the threads that waited before the write, read again.
            if (first.payload === undefined || client === undefined)
                return {
                    verdict: 'skipped',
                    why: 'no parked thread was judged on the revision rolled back'
                };
            const again = await readAfterRollback(prepared.read, first.payload, client);
            for (const line of again.warnings)
                context.log.warning(line);
            return { verdict: 'passed', payload: again.payload };
        }
        if (client === undefined)
            return { verdict: 'inconclusive', why: `Parked threads could not be judged: ${NO_URL}.` };
        // Operation rollback judges what it brings back as warnings only: it is never blocked.
        const phase = context.config.operation === 'rollback' ? 'rollback' : 'deploy';
        const outcome = await withCanaryVerdicts(prepared.canaries, await checkAfterDeployed(need, prepared.read, client, phase), revision.result.deploymentUrl, context, deadline);
        prepared.checked = { revisionId: revision.revisionId, payload: outcome.payload };
        for (const line of outcome.warnings)
            context.log.warning(line);
        const why = outcome.why ?? 'no reason given';
        if (outcome.verdict === 'passed' || outcome.verdict === 'skipped') {
            context.log.info(`Parked threads: ${why}.`);
            return { verdict: outcome.verdict, why, payload: outcome.payload };
        }
        const failed = outcome.verdict === 'failed';
        return {
            verdict: outcome.verdict,
            why: `The parked threads check ${failed ? 'failed' : 'could not conclude'}: ${why}.`,
            saw: `${why}.`,
            payload: outcome.payload
        };
    },
    // Run again on a revision a rollback brings back: it names the threads answered meanwhile.
    broughtBack: 'again',
    // The spec's table: after DEPLOYED, parked threads that could not be judged roll back.
    inconclusiveRollsBack: true,
    stopsLaterOn: _step_kit_kit__WEBPACK_IMPORTED_MODULE_0__/* .ENDS_THE_CHECKS */ .xk
});
// The canaries (../threads/canary-run.ts): parked once every step read, resumed and judged after
// DEPLOYED, deleted by their ids right after, and by `finish` when the run never reached them.
/** Time the canaries' deletes get of their own: after a cancel the process has 2 s left. */
const DELETE_MS = 30_000;
const DELETE_AFTER_CANCEL_MS = 1_000;
/** The canaries this run parks, if any; a notice when it has cases and parks none. */
function canaryRunOf(need, deployment, context) {
    if (need.canaries.length === 0)
        return undefined;
    const { operation, dryRun } = context.config;
    const not = operation === 'rollback'
        ? 'operation rollback brings a revision back and tests no release'
        : dryRun
            ? 'a dry run writes nothing'
            : deployment === undefined
                ? 'a first deploy has no serving revision to park them on'
                : undefined;
    if (not !== undefined || deployment === undefined) {
        context.log.notice(`threads.canary: no canary was run: ${not ?? 'nothing serves'}.`);
        return undefined;
    }
    const url = deployment.source_config.custom_url ?? undefined;
    return { settings: need, deploymentId: deployment.id, ...(url !== undefined && { url }) };
}
/** Before the write: the canaries parked; a case that cannot park refuses the write (`fail`). */
async function parkCanaries(prepared, context) {
    const run = prepared.canaries;
    if (run === undefined)
        return { prepared };
    const { parkBeforeWrite } = await threadsCode();
    const server = canaryServer(run, context, context.deadline.at);
    const parked = await parkBeforeWrite(run, server, context.workflow?.runUrl ?? 'local');
    const { signal } = context;
    if (signal?.aborted === true || parked.refuse !== undefined) {
        await deleteCanaries(run, context);
        if (signal?.aborted === true)
            throw signal.reason;
        return {
            refused: {
                message: `${parked.refuse ?? 'threads.canary: a case could not park'}; nothing was deployed.`,
                refused: 'a canary could not park on the serving revision'
            }
        };
    }
    for (const notice of parked.notices)
        context.log.notice(notice);
    return { prepared };
}
/** After DEPLOYED: the parked canaries resumed and judged into `outcome`, then deleted. */
async function withCanaryVerdicts(run, outcome, url, context, deadline) {
    if (run === undefined)
        return outcome;
    const { judgeCanaries } = await threadsCode();
    const server = canaryServer({ ...run, ...(url !== undefined && { url }) }, context, deadline);
    const judged = await judgeCanaries(run, outcome, server);
    await deleteCanaries(run, context);
    return judged;
}
/** Every case's thread deleted by its id, under a time of its own (a failed delete: a notice). */
async function deleteCanaries(run, context) {
    const { removeCanaries } = await threadsCode();
    const cancelled = context.signal?.aborted === true;
    const ms = cancelled ? DELETE_AFTER_CANCEL_MS : DELETE_MS;
    const server = canaryServer(run, context, context.clock.now() + ms);
    // The run's signal may be aborted (a cancel): the deletes are sent all the same.
    const notices = await removeCanaries(run, server && { ...server, signal: undefined });
    for (const notice of notices)
        context.log.notice(notice);
}
/** The canaries' agent server: the deployment's, with the step's credentials. */
const canaryServer = (run, context, deadline) => (0,_step_kit_kit__WEBPACK_IMPORTED_MODULE_0__/* .agentServerAt */ .k3)(run.url, { apiKey: run.settings.apiKey ?? context.config.apiKey, authScheme: run.settings.authScheme }, context, deadline);


/***/ }),

/***/ 311:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Y: () => (/* binding */ ACTION_VERSION)
/* harmony export */ });
/** The action's version, sent in the User-Agent; a test holds it equal to package.json's. */
const ACTION_VERSION = '0.1.0';


/***/ })

};

//# sourceMappingURL=920.index.js.map