export const id = 541;
export const ids = [541];
export const modules = {

/***/ 3541:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  agentChecks: () => (/* binding */ agentChecks)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./src/control-plane/transport.ts
var transport = __webpack_require__(9747);
// EXTERNAL MODULE: ./src/after-deploy/agent-server.ts
var agent_server = __webpack_require__(7259);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(2857);
// EXTERNAL MODULE: ./src/inputs/expectation.ts
var expectation = __webpack_require__(7403);
;// CONCATENATED MODULE: ./src/after-deploy/agent-checks.ts





/** A check that failed: which, where, and what the server said. */
class AgentCheckError extends Error {
    check;
    path;
    status;
    constructor(check, path, status, detail) {
        super(`Agent check "${check}" failed: ${path} ${status === undefined ? 'got no answer' : `answered ${status}`}: ${detail}`);
        this.check = check;
        this.path = path;
        this.status = status;
        this.name = 'AgentCheckError';
    }
    /** The checks that passed before this one failed. */
    passed = [];
}
/** Gap between two tries of the assistant while the new server comes up. */
const RETRY_GAP_MS = 2_000;
const MAX_TEXT = 2_000;
const assistantSchema = schemas/* object */.Ikc({ assistant_id: schemas/* string */.YjP(), graph_id: schemas/* string */.YjP().optional() });
const messageSchema = schemas/* object */.Ikc({
    content: schemas/* union */.KCZ([
        schemas/* string */.YjP(),
        schemas/* array */.YOg(schemas/* object */.Ikc({ type: schemas/* string */.YjP().optional(), text: schemas/* string */.YjP().optional() }).loose())
    ])
});
const runResultSchema = schemas/* object */.Ikc({ messages: schemas/* array */.YOg(messageSchema.loose()).optional() }).loose();
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
 * Throws an AgentCheckError for the first check that fails.
 */
async function checkAgent(options) {
    const report = { passed: [] };
    try {
        return await runChecks(options, report);
    }
    catch (error) {
        if (error instanceof AgentCheckError)
            error.passed = [...report.passed];
        throw error;
    }
}
async function runChecks(options, report) {
    const id = encodeURIComponent(options.assistantId);
    await waitForAssistant(options, `/assistants/${id}`);
    report.passed.push('assistant');
    options.onProgress(`Agent check: assistant ${options.assistantId} answers.`);
    if (options.message !== undefined) {
        const path = '/runs/wait';
        const answer = await send(options, 'POST', path, {
            assistant_id: options.assistantId,
            input: { messages: [{ role: 'human', content: options.message }] }
        });
        if (answer.status !== 200)
            throw new AgentCheckError('run', path, answer.status, serverMessage(answer.text));
        // The server answers JSON as text/plain: the body is read as JSON whatever its type.
        const body = parseJson(answer.text);
        const graphError = body?.__error__;
        if (graphError)
            throw new AgentCheckError('run', path, 200, `the graph failed: ${String(graphError.message ?? JSON.stringify(graphError))}`);
        const parsed = runResultSchema.safeParse(body);
        const last = parsed.success ? parsed.data.messages?.at(-1) : undefined;
        if (!last)
            throw new AgentCheckError('run', path, 200, 'the answer holds no messages');
        const replyText = textOf(last.content);
        report.reply = truncate(replyText);
        if (options.expect && !(0,expectation/* meetsExpectation */.$u)(options.expect, replyText))
            throw new AgentCheckError('run', path, 200, `the reply does not ${(0,expectation/* describeExpectation */.uN)(options.expect)} (verify-expect): ${truncate(replyText, 300)}`);
        report.passed.push('run');
        options.onProgress(`Agent check: the run answered: ${report.reply}`);
    }
    if (options.a2a) {
        const cardPath = `/.well-known/agent-card.json?assistant_id=${id}`;
        const cardAnswer = await send(options, 'GET', cardPath);
        if (cardAnswer.status !== 200)
            throw new AgentCheckError('a2a', cardPath, cardAnswer.status, serverMessage(cardAnswer.text));
        const card = agentCardSchema.safeParse(parseJson(cardAnswer.text));
        if (!card.success)
            throw new AgentCheckError('a2a', cardPath, 200, 'the agent card names no endpoint url');
        const path = `/a2a/${id}`;
        const answer = await send(options, 'POST', path, {
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
        }, { accept: 'application/json' });
        if (answer.status !== 200)
            throw new AgentCheckError('a2a', path, answer.status, serverMessage(answer.text));
        const reply = parseJson(answer.text);
        const rpcError = jsonRpcErrorSchema.safeParse(reply);
        if (rpcError.success) {
            const { code, message } = rpcError.data.error;
            throw new AgentCheckError('a2a', path, 200, `JSON-RPC error ${code}: ${message}`);
        }
        const rpc = jsonRpcResultSchema.safeParse(reply);
        if (!rpc.success) {
            throw new AgentCheckError('a2a', path, 200, 'the answer is not a JSON-RPC result');
        }
        const result = rpc.data.result;
        const parts = result.artifacts?.flatMap((artifact) => artifact.parts) ?? result.status?.message?.parts ?? [];
        const text = parts
            .filter((part) => part.text !== undefined)
            .map((part) => part.text)
            .join('\n');
        report.a2aReply = truncate(text);
        report.passed.push('a2a');
        options.onProgress(`Agent check: A2A answered: ${report.a2aReply || '(no text)'}`);
    }
    return report;
}
async function waitForAssistant(options, path) {
    let last;
    for (;;) {
        // The sleep before this try reached the deadline: the last answer is the verdict.
        if (last && options.now() >= options.deadline) {
            throw new AgentCheckError('assistant', path, last.status, last.detail);
        }
        try {
            const answer = await (0,agent_server/* agentExchange */.L)(options, { method: 'GET', path });
            if (answer.status === 200 && assistantSchema.safeParse(parseJson(answer.text)).success)
                return;
            last = {
                status: answer.status,
                detail: answer.status === 200
                    ? 'the answer is not an assistant'
                    : answer.status === 404
                        ? `${serverMessage(answer.text)}. A 404 also comes when the key is not tied to the agent's owner: check agent-api-key (and agent-auth-scheme for builder agents), and that verify-assistant names an assistant id or graph name.`
                        : serverMessage(answer.text)
            };
        }
        catch (error) {
            if (!(error instanceof transport/* TransportError */.wX))
                throw error;
            // A body over the cap is read once: asking again would download it again.
            if (error.kind === 'too-large')
                throw tooLargeError('assistant', path, error);
            last = { status: undefined, detail: error.reason };
        }
        // A refused key stays refused: waiting for the server to come up would not change it.
        if (last.status === 401 || last.status === 403) {
            throw new AgentCheckError('assistant', path, last.status, `${last.detail}. Check agent-api-key and agent-auth-scheme.`);
        }
        const remaining = options.deadline - options.now();
        if (remaining <= 0)
            throw new AgentCheckError('assistant', path, last.status, last.detail);
        await options.sleep(Math.min(RETRY_GAP_MS, remaining), options.signal);
    }
}
/** An exchange of the run or A2A check: any failure of it fails the check. */
async function send(options, method, path, body, extraHeaders = {}) {
    try {
        return await (0,agent_server/* agentExchange */.L)(options, { method, path, body, headers: extraHeaders });
    }
    catch (error) {
        if (!(error instanceof transport/* TransportError */.wX))
            throw error;
        const check = path.startsWith('/runs') ? 'run' : 'a2a';
        const shown = path.split('?')[0] ?? path;
        if (error.kind === 'too-large')
            throw tooLargeError(check, shown, error);
        throw new AgentCheckError(check, shown, undefined, error.kind === 'timeout' ? 'no answer in time' : error.reason);
    }
}
function tooLargeError(check, path, error) {
    return new AgentCheckError(check, path, error.status, `${error.reason}, more than any answer of an agent server: the check stopped reading it and does not ask again.`);
}
function parseJson(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}
/** The server's own message from an error body, or the start of the body. */
function serverMessage(text) {
    const body = parseJson(text);
    const message = body?.detail ?? body?.message;
    return truncate(typeof message === 'string' ? message : text.trim() || '(empty body)', 300);
}
function textOf(content) {
    if (typeof content === 'string')
        return content;
    return content.map((part) => part.text ?? '').join('');
}
function truncate(text, max = MAX_TEXT) {
    return text.length > max ? `${text.slice(0, max)}…` : text;
}

// EXTERNAL MODULE: ./src/after-deploy/serving-check.ts
var serving_check = __webpack_require__(651);
;// CONCATENATED MODULE: ./src/after-deploy/checks.ts


/**
 * With `verify-assistant`, after DEPLOYED: the agent server's /info must name this revision (when
 * it names one), then the agent checks. A failure is returned, never thrown.
 */
async function agentChecks(result, revisionId, verify, deps) {
    if (!result.deploymentUrl) {
        return {
            passed: [],
            failure: 'verify-assistant: the deployment has no URL (source_config.custom_url) to check.'
        };
    }
    const deadline = Math.min(deps.now() + verify.timeoutMs, deps.deadline);
    const common = {
        baseUrl: result.deploymentUrl,
        apiKey: verify.apiKey,
        authScheme: verify.authScheme,
        deadline,
        signal: deps.signal,
        dispatcher: deps.dispatcher,
        now: deps.now,
        sleep: deps.sleep
    };
    const info = await (0,serving_check/* checkInfoHost */.ZU)({ ...common, revisionId });
    if (info.kind === 'other') {
        return {
            passed: [],
            failure: `Revision ${revisionId} is DEPLOYED but the deployment serves ${info.servingId ?? 'no revision'} (the agent server's GET /info names it as host.host_revision_id until verify-timeout).`
        };
    }
    if (info.kind === 'serving')
        deps.info(`Agent check: GET /info names revision ${revisionId}.`);
    else
        deps.notice(`The /info check was skipped: ${info.why}.`);
    try {
        return await checkAgent({
            ...common,
            assistantId: verify.assistantId,
            message: verify.message,
            expect: verify.expect,
            a2a: verify.a2a,
            onProgress: deps.info
        });
    }
    catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return {
            passed: error instanceof AgentCheckError ? error.passed : [],
            failure: `${message} The revision is DEPLOYED; outputs are set.`
        };
    }
}


/***/ })

};

//# sourceMappingURL=541.index.js.map