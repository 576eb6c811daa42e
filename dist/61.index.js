<<<<<<< HEAD
export const id = 61;
export const ids = [61];
export const modules = {

/***/ 4061:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AgentCheckError: () => (/* binding */ AgentCheckError),
/* harmony export */   checkAgent: () => (/* binding */ checkAgent)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _control_plane_transport__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9747);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2857);



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
const REQUEST_TIMEOUT_MS = 60_000;
const MAX_TEXT = 2_000;
const assistantSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ assistant_id: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), graph_id: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional() });
const messageSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    content: zod__WEBPACK_IMPORTED_MODULE_2__/* .union */ .KCZ([
        zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
        zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ type: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional(), text: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional() }).loose())
    ])
});
const runResultSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ messages: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(messageSchema.loose()).optional() }).loose();
const agentCardSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ url: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().url(), name: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional() }).loose();
const partSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ kind: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional(), text: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional() }).loose();
const jsonRpcErrorSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ error: zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ code: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig(), message: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP() }) });
const jsonRpcResultSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    result: zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
        artifacts: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ parts: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(partSchema) }).loose()).optional(),
        status: zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
            message: zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ parts: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(partSchema) })
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
        report.reply = truncate(textOf(last.content));
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
            id: (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomUUID)(),
            method: 'message/send',
            params: {
                message: {
                    role: 'user',
                    messageId: (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomUUID)(),
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
    for (;;) {
        let last;
        try {
            const answer = await send(options, 'GET', path);
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
            if (options.signal?.aborted)
                throw error;
            last = { status: undefined, detail: error instanceof Error ? error.message : String(error) };
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
async function send(options, method, path, body, extraHeaders = {}) {
    const remaining = Math.max(1_000, options.deadline - options.now());
    const timeout = AbortSignal.timeout(Math.min(REQUEST_TIMEOUT_MS, remaining));
    const headers = {
        'content-type': 'application/json',
        'x-api-key': options.apiKey,
        ...extraHeaders
    };
    if (options.authScheme)
        headers['x-auth-scheme'] = options.authScheme;
    try {
        const response = await (0,_control_plane_transport__WEBPACK_IMPORTED_MODULE_1__/* .request */ .E)(`${options.baseUrl.replace(/\/+$/, '')}${path}`, {
            method,
            headers,
            body: body === undefined ? undefined : JSON.stringify(body),
            signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
            dispatcher: options.dispatcher
        });
        return { status: response.statusCode, text: await response.body.text() };
    }
    catch (error) {
        if (options.signal?.aborted)
            throw error;
        const check = path.startsWith('/assistants')
            ? 'assistant'
            : path.startsWith('/runs')
                ? 'run'
                : 'a2a';
        if (check === 'assistant')
            throw error;
        throw new AgentCheckError(check, path.split('?')[0] ?? path, undefined, timeout.aborted ? 'no answer in time' : String(error));
    }
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


/***/ })

};

//# sourceMappingURL=61.index.js.map
=======
export const id=61;export const ids=[61];export const modules={4061:(t,e,s)=>{s.d(e,{AgentCheckError:()=>AgentCheckError,checkAgent:()=>checkAgent});var n=s(7598);var a=s.n(n);var r=s(9747);var o=s(2857);class AgentCheckError extends Error{check;path;status;constructor(t,e,s,n){super(`Agent check "${t}" failed: ${e} ${s===undefined?"got no answer":`answered ${s}`}: ${n}`);this.check=t;this.path=e;this.status=s;this.name="AgentCheckError"}passed=[]}const c=2e3;const i=6e4;const h=2e3;const u=o.Ikc({assistant_id:o.YjP(),graph_id:o.YjP().optional()});const d=o.Ikc({content:o.KCZ([o.YjP(),o.YOg(o.Ikc({type:o.YjP().optional(),text:o.YjP().optional()}).loose())])});const g=o.Ikc({messages:o.YOg(d.loose()).optional()}).loose();const p=o.Ikc({url:o.YjP().url(),name:o.YjP().optional()}).loose();const l=o.Ikc({kind:o.YjP().optional(),text:o.YjP().optional()}).loose();const f=o.Ikc({error:o.Ikc({code:o.aig(),message:o.YjP()})});const w=o.Ikc({result:o.Ikc({artifacts:o.YOg(o.Ikc({parts:o.YOg(l)}).loose()).optional(),status:o.Ikc({message:o.Ikc({parts:o.YOg(l)}).loose().optional()}).loose().optional()}).loose()});async function checkAgent(t){const e={passed:[]};try{return await runChecks(t,e)}catch(t){if(t instanceof AgentCheckError)t.passed=[...e.passed];throw t}}async function runChecks(t,e){const s=encodeURIComponent(t.assistantId);await waitForAssistant(t,`/assistants/${s}`);e.passed.push("assistant");t.onProgress(`Agent check: assistant ${t.assistantId} answers.`);if(t.message!==undefined){const s="/runs/wait";const n=await send(t,"POST",s,{assistant_id:t.assistantId,input:{messages:[{role:"human",content:t.message}]}});if(n.status!==200)throw new AgentCheckError("run",s,n.status,serverMessage(n.text));const a=parseJson(n.text);const r=a?.__error__;if(r)throw new AgentCheckError("run",s,200,`the graph failed: ${String(r.message??JSON.stringify(r))}`);const o=g.safeParse(a);const c=o.success?o.data.messages?.at(-1):undefined;if(!c)throw new AgentCheckError("run",s,200,"the answer holds no messages");e.reply=truncate(textOf(c.content));e.passed.push("run");t.onProgress(`Agent check: the run answered: ${e.reply}`)}if(t.a2a){const a=`/.well-known/agent-card.json?assistant_id=${s}`;const r=await send(t,"GET",a);if(r.status!==200)throw new AgentCheckError("a2a",a,r.status,serverMessage(r.text));const o=p.safeParse(parseJson(r.text));if(!o.success)throw new AgentCheckError("a2a",a,200,"the agent card names no endpoint url");const c=`/a2a/${s}`;const i=await send(t,"POST",c,{jsonrpc:"2.0",id:(0,n.randomUUID)(),method:"message/send",params:{message:{role:"user",messageId:(0,n.randomUUID)(),parts:[{kind:"text",text:t.message??"ping"}]}}},{accept:"application/json"});if(i.status!==200)throw new AgentCheckError("a2a",c,i.status,serverMessage(i.text));const h=parseJson(i.text);const u=f.safeParse(h);if(u.success){const{code:t,message:e}=u.data.error;throw new AgentCheckError("a2a",c,200,`JSON-RPC error ${t}: ${e}`)}const d=w.safeParse(h);if(!d.success){throw new AgentCheckError("a2a",c,200,"the answer is not a JSON-RPC result")}const g=d.data.result;const l=g.artifacts?.flatMap(t=>t.parts)??g.status?.message?.parts??[];const k=l.filter(t=>t.text!==undefined).map(t=>t.text).join("\n");e.a2aReply=truncate(k);e.passed.push("a2a");t.onProgress(`Agent check: A2A answered: ${e.a2aReply||"(no text)"}`)}return e}async function waitForAssistant(t,e){let s;for(;;){if(s&&t.now()>=t.deadline){throw new AgentCheckError("assistant",e,s.status,s.detail)}try{const n=await exchange(t,"GET",e);if(n.status===200&&u.safeParse(parseJson(n.text)).success)return;s={status:n.status,detail:n.status===200?"the answer is not an assistant":n.status===404?`${serverMessage(n.text)}. A 404 also comes when the key is not tied to the agent's owner: check agent-api-key (and agent-auth-scheme for builder agents), and that verify-assistant names an assistant id or graph name.`:serverMessage(n.text)}}catch(t){if(!(t instanceof r.wX))throw t;if(t.kind==="too-large")throw tooLargeError("assistant",e,t);s={status:undefined,detail:t.reason}}if(s.status===401||s.status===403){throw new AgentCheckError("assistant",e,s.status,`${s.detail}. Check agent-api-key and agent-auth-scheme.`)}const n=t.deadline-t.now();if(n<=0)throw new AgentCheckError("assistant",e,s.status,s.detail);await t.sleep(Math.min(c,n),t.signal)}}async function exchange(t,e,s,n,a={}){const o=(0,r.JS)(i,t.deadline,t.now());if(!o)throw new r.wX("timeout","the time allowed ran out before it was sent");const c={"content-type":"application/json","x-api-key":t.apiKey,...a};if(t.authScheme)c["x-auth-scheme"]=t.authScheme;const h=await(0,r.tN)({url:`${t.baseUrl.replace(/\/+$/,"")}${s}`,method:e,headers:c,body:n===undefined?undefined:JSON.stringify(n),signal:t.signal,timeoutMs:o.timeoutMs,maxBodyBytes:r.V9.agentReply,dispatcher:t.dispatcher});return{status:h.status,text:h.bodyText}}async function send(t,e,s,n,a={}){try{return await exchange(t,e,s,n,a)}catch(t){if(!(t instanceof r.wX))throw t;const e=s.startsWith("/runs")?"run":"a2a";const n=s.split("?")[0]??s;if(t.kind==="too-large")throw tooLargeError(e,n,t);throw new AgentCheckError(e,n,undefined,t.kind==="timeout"?"no answer in time":t.reason)}}function tooLargeError(t,e,s){return new AgentCheckError(t,e,s.status,`${s.reason}, more than any answer of an agent server: the check stopped reading it and does not ask again.`)}function parseJson(t){try{return JSON.parse(t)}catch{return undefined}}function serverMessage(t){const e=parseJson(t);const s=e?.detail??e?.message;return truncate(typeof s==="string"?s:t.trim()||"(empty body)",300)}function textOf(t){if(typeof t==="string")return t;return t.map(t=>t.text??"").join("")}function truncate(t,e=h){return t.length>e?`${t.slice(0,e)}…`:t}}};
>>>>>>> h-transport
