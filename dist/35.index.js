export const id = 35;
export const ids = [35];
export const modules = {

/***/ 9035:
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
// EXTERNAL MODULE: ./src/after-deploy/agent-status.ts
var agent_status = __webpack_require__(1606);
// EXTERNAL MODULE: ./src/lib/read-again.ts
var read_again = __webpack_require__(6894);
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
        const run = (0,agent_server/* readRunAnswer */.Q$)(answer.text);
        if (run.kind === 'graph-error')
            throw new AgentCheckError('run', path, 200, `the graph failed: ${run.message}`);
        if (run.reply === undefined)
            throw new AgentCheckError('run', path, 200, 'the answer holds no messages');
        const replyText = run.reply;
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
        const card = agentCardSchema.safeParse((0,agent_server/* parseJson */.qF)(cardAnswer.text));
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
        const reply = (0,agent_server/* parseJson */.qF)(answer.text);
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
        answer = await (0,agent_server/* agentExchange */.LG)(options, { method: 'GET', path });
    }
    catch (error) {
        if (!(error instanceof transport/* TransportError */.wX))
            throw error;
        // A body over the cap is read once: asking again would download it again.
        if (error.kind === 'too-large')
            return { kind: 'final', value: tooLargeError('assistant', path, error) };
        return { kind: 'could-not-tell', why: error.reason };
    }
    switch ((0,agent_status/* agentStatusMeaning */.Z)(answer.status)) {
        case 'answered':
            return assistantSchema.safeParse((0,agent_server/* parseJson */.qF)(answer.text)).success
                ? { kind: 'seen', value: true }
                : { kind: 'not-seen', value: { status: 200, detail: 'the answer is not an assistant' } };
        case 'missing':
            return {
                kind: 'not-seen',
                value: {
                    status: answer.status,
                    detail: `${serverMessage(answer.text)}. A 404 also comes when the key is not tied to the agent's owner: check agent-api-key (and agent-auth-scheme for builder agents), and that verify-assistant names an assistant id or graph name.`
                }
            };
        case 'refused':
            return {
                kind: 'final',
                value: new AgentCheckError('assistant', path, answer.status, `${serverMessage(answer.text)}. ${agent_status/* REFUSED_HINT */.r}`)
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
/** An exchange of the run or A2A check: any failure of it fails the check. */
async function send(options, method, path, body, extraHeaders = {}) {
    try {
        return await (0,agent_server/* agentExchange */.LG)(options, { method, path, body, headers: extraHeaders });
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
/** The server's own message from an error body, or the start of the body. */
function serverMessage(text) {
    const body = (0,agent_server/* parseJson */.qF)(text);
    const message = body?.detail ?? body?.message;
    return truncate(typeof message === 'string' ? message : text.trim() || '(empty body)', 300);
}
function truncate(text, max = MAX_TEXT) {
    return text.length > max ? `${text.slice(0, max)}…` : text;
}

// EXTERNAL MODULE: ./src/after-deploy/serving-check.ts
var serving_check = __webpack_require__(651);
// EXTERNAL MODULE: ./src/lib/url.ts
var url = __webpack_require__(5194);
// EXTERNAL MODULE: ./src/inputs/cases.ts
var cases = __webpack_require__(2948);
// EXTERNAL MODULE: ./src/report/suite.ts
var report_suite = __webpack_require__(2758);
;// CONCATENATED MODULE: ./src/after-deploy/smoke-suite.ts





/** Characters of a reply kept; the summary shows its first line, the log one line of it. */
const MAX_REPLY = 4_000;
const PATH = '/runs/wait';
/**
 * `verify-cases`, once the other agent checks passed: the suite under its own `verify-timeout`
 * (and the run's deadline). Its verdict joins theirs: below `verify-min-pass` it is the checks'
 * failure.
 */
async function withSmokeSuite(checks, verify, server, deps) {
    const suite = verify.suite;
    if (!suite)
        return checks;
    const { cases, concurrency, minPass } = suite;
    deps.info(`Smoke suite: ${cases.length} case${cases.length === 1 ? '' : 's'} against revision ${server.revisionId}, ${concurrency} at a time.`);
    const report = await runSmokeSuite({
        ...server,
        deadline: Math.min(deps.now() + verify.timeoutMs, deps.deadline),
        cases,
        defaultAssistant: verify.assistantId,
        concurrency,
        minPass,
        onCase: deps.info
    });
    const latency = report.medianMs === undefined
        ? ''
        : `; latency median ${seconds(report.medianMs)}, 95th percentile ${seconds(report.p95Ms ?? report.medianMs)}`;
    deps.info(`Smoke suite: ${(0,report_suite/* passCount */.L)(report)} (verify-min-pass asks for ${report.required})${latency}.`);
    const failure = suiteFailure(report);
    return failure
        ? { ...checks, suite: report, failure }
        : { ...checks, suite: report, passed: [...checks.passed, 'smoke suite'] };
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
        medianMs: median(latencies),
        p95Ms: latencies[Math.ceil(0.95 * latencies.length) - 1]
    };
}
/** The sentence that fails the checks when fewer cases passed than verify-min-pass asks for. */
function suiteFailure(report) {
    if (report.passed >= report.required)
        return undefined;
    return `Smoke suite: ${(0,report_suite/* passCount */.L)(report)} on revision ${report.revisionId}; verify-min-pass asks for ${report.required}.`;
}
async function runCase(options, smokeCase) {
    const base = { name: smokeCase.name, reference: smokeCase.reference };
    const sentAt = options.now();
    const remaining = options.deadline - sentAt;
    if (remaining <= 0)
        return { ...base, passed: false, failure: 'not sent: verify-timeout had run out' };
    let answer;
    try {
        answer = await (0,agent_server/* agentExchange */.LG)(options, {
            method: 'POST',
            path: PATH,
            body: {
                assistant_id: smokeCase.assistant ?? options.defaultAssistant,
                input: smokeCase.input
            },
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
                : 'no answer before verify-timeout ran out'
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
            failure: `${PATH} answered ${answer.status}`
        };
    const run = (0,agent_server/* readRunAnswer */.Q$)(answer.text);
    if (run.kind === 'graph-error')
        return { ...answered, passed: false, failure: `the graph failed: ${run.message}` };
    // A graph whose output has no messages is judged on its whole answer.
    const reply = cut(run.reply ?? answer.text);
    const failures = [
        smokeCase.expect &&
            !(0,expectation/* meetsExpectation */.$u)(smokeCase.expect, reply) &&
            `the reply does not ${(0,expectation/* describeExpectation */.uN)(smokeCase.expect)} (expect)`,
        smokeCase.expectNot &&
            (0,expectation/* meetsExpectation */.$u)(smokeCase.expectNot, reply) &&
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
    return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
function cut(text) {
    return text.length > MAX_REPLY ? `${text.slice(0, MAX_REPLY)}…` : text;
}

;// CONCATENATED MODULE: ./src/after-deploy/checks.ts




/**
 * With `verify-assistant`, after DEPLOYED: the agent server's /info must name this revision (when
 * it names one), then the agent checks. A failure is returned, never thrown.
 */
async function agentChecks(result, revisionId, verify, deps) {
    if (!result.deploymentUrl) {
        return {
            passed: [],
            skipped: [],
            failure: 'verify-assistant: the deployment has no URL (source_config.custom_url) to check.'
        };
    }
    const clearHost = (0,url/* clearTextHost */.X)(result.deploymentUrl);
    if (clearHost !== undefined && verify.apiKey) {
        deps.warning?.(`The deployment URL is http:// to ${clearHost}, not this machine: the agent key travels in clear text to the agent checks. Use https://.`);
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
            skipped: [],
            failure: `Revision ${revisionId} is DEPLOYED but the deployment serves ${info.servingId ?? 'no revision'} (the agent server's GET /info names it as host.host_revision_id until verify-timeout).`
        };
    }
    const passed = [];
    const skipped = [];
    // Could not confirm: the agent checks still run (their failure is a verdict of its own).
    const inconclusive = info.kind === 'unconfirmed'
        ? `Could not confirm that revision ${revisionId} serves: ${info.why} (GET /info, until verify-timeout).`
        : undefined;
    if (info.kind === 'serving') {
        passed.push('info');
        deps.info(`Agent check: GET /info names revision ${revisionId}.`);
    }
    else if (info.kind === 'not-checkable') {
        skipped.push(`info: ${info.why}`);
        deps.notice(`The /info check was skipped: ${info.why}.`);
    }
    try {
        const report = await checkAgent({
            ...common,
            assistantId: verify.assistantId,
            message: verify.message,
            expect: verify.expect,
            a2a: verify.a2a,
            onProgress: deps.info
        });
        const agent = { ...report, passed: [...passed, ...report.passed], skipped, inconclusive };
        return verify.suite
            ? await withSmokeSuite(agent, verify, { ...common, revisionId }, deps)
            : agent;
    }
    catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return {
            passed: [...passed, ...(error instanceof AgentCheckError ? error.passed : [])],
            skipped,
            failure: `${message} The revision is DEPLOYED; outputs are set.`,
            inconclusive
        };
    }
}


/***/ })

};

//# sourceMappingURL=35.index.js.map