export const id = 839;
export const ids = [839];
export const modules = {

/***/ 1839:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  TracingClient: () => (/* reexport */ client/* TracingClient */.ed),
  describeGatePlan: () => (/* reexport */ describeGatePlan),
  planGate: () => (/* reexport */ planGate),
  runGate: () => (/* reexport */ runGate),
  runServingBaseline: () => (/* reexport */ runServingBaseline)
});

// EXTERNAL MODULE: ./src/lib/duration.ts
var duration = __webpack_require__(2543);
// EXTERNAL MODULE: ./src/control-plane/errors.ts
var errors = __webpack_require__(4007);
// EXTERNAL MODULE: ./src/lib/gate-thresholds.ts
var gate_thresholds = __webpack_require__(1657);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./src/lib/uuid-v5.ts
var uuid_v5 = __webpack_require__(8180);
;// CONCATENATED MODULE: ./src/evaluation/ids.ts



/** The id of the run of `example`'s repetition `repetition` (1-based) in `experiment`. */
function runIdOf(experimentId, exampleId, repetition) {
    return (0,uuid_v5/* uuidV5 */.J)(`${exampleId.toLowerCase()}/${repetition}`, experimentId.toLowerCase());
}
/**
 * What makes two experiments comparable run by run: the ids of the examples read and the
 * dataset's version then (the newest `modified_at`), so that an edited example counts as another.
 */
function examplesDigest(exampleIds, datasetVersion) {
    const ids = [...new Set(exampleIds.map((id) => id.toLowerCase()))].sort();
    return (0,external_node_crypto_.createHash)('sha256')
        .update(JSON.stringify({ examples: ids, version: datasetVersion }))
        .digest('hex');
}

;// CONCATENATED MODULE: ./src/evaluation/types.ts
const callOf = (deps, deadline = deps.deadline) => ({
    deadline,
    signal: deps.signal
});

;// CONCATENATED MODULE: ./src/evaluation/coverage.ts
/**
 * Completion by coverage: nothing says when the evaluators are done, so the gate polls, with
 * backoff and within its deadline, until every run sent is ingested and every run without an
 * error has a numeric or boolean score for every gated key. Scores still missing at the deadline
 * are what they are: the verdict cannot conclude on them.
 */



/** First pause between polls; it grows by half each poll up to the longest. */
const FIRST_POLL_GAP_MS = 5_000;
const LONGEST_POLL_GAP_MS = 60_000;
const GAP_GROWTH = 1.5;
const LAST_LOOK_MARGIN_MS = 1_000;
/** Polls in a row that may fail (each after the client's retries) before the gate gives up. */
const FAILED_POLL_BUDGET = 3;
async function awaitCoverage(targets, keys, deadline, deps) {
    const scores = new Map(targets.map((target) => [
        target.experimentId,
        new Map(keys.map((key) => [key, new Map()]))
    ]));
    const ingested = new Set();
    let reads = 0;
    let failedPolls = 0;
    let gap = FIRST_POLL_GAP_MS;
    let serviceFailure;
    const startedAt = deps.clock.now();
    for (;;) {
        try {
            reads += await poll(targets, keys, scores, ingested, { ...deps, deadline });
            failedPolls = 0;
        }
        catch (error) {
            if (deps.signal?.aborted)
                throw deps.signal.reason;
            if (error instanceof errors/* DeadlineError */.j3)
                break;
            failedPolls += 1;
            serviceFailure = error instanceof Error ? error.message : String(error);
            if (failedPolls >= FAILED_POLL_BUDGET)
                break;
        }
        const complete = isComplete(targets, keys, scores, ingested);
        const counted = countScores(targets, keys, scores);
        deps.info(progressLine(counted, targets, ingested, deps.clock.now() - startedAt, deadline - startedAt));
        deps.progress?.(`waiting for evaluators: ${counted.seen} of ${counted.expected} scores`);
        if (complete)
            return { scores, notIngested: [], complete: true, reads };
        // The last look is a little before the deadline: a read at the deadline is not sent.
        const left = deadline - LAST_LOOK_MARGIN_MS - deps.clock.now();
        if (left <= 0)
            break;
        await deps.clock.sleep(Math.min(gap, left), deps.signal);
        gap = Math.min(LONGEST_POLL_GAP_MS, gap * GAP_GROWTH);
    }
    return {
        scores,
        notIngested: targets.filter((t) => !ingested.has(t.experimentId)).map((t) => t.experimentId),
        complete: false,
        ...(failedPolls >= FAILED_POLL_BUDGET && serviceFailure !== undefined && { serviceFailure }),
        reads
    };
}
/** One round: each experiment's run count until ingested, and the scores still missing. */
async function poll(targets, keys, scores, ingested, deps) {
    let reads = 0;
    for (const target of targets) {
        if (!ingested.has(target.experimentId)) {
            const session = await deps.client.getSession(target.experimentId, callOf(deps));
            reads += 1;
            if ((session?.run_count ?? 0) >= target.runs.length)
                ingested.add(target.experimentId);
        }
        for (const key of keys) {
            const byRun = scores.get(target.experimentId)?.get(key);
            if (!byRun)
                continue;
            const missing = target.runs
                .filter((run) => run.error === undefined && !byRun.has(run.runId))
                .map((run) => run.runId);
            if (missing.length === 0)
                continue;
            const feedback = await deps.client.listFeedback(missing, key, callOf(deps));
            reads += Math.ceil(missing.length / 50);
            for (const [runId, score] of newestScores(feedback, key))
                byRun.set(runId, score);
        }
    }
    return reads;
}
/** One line per poll (polls are at most a minute apart): what is in, and for how long it waited. */
function progressLine({ seen, expected }, targets, ingested, waitedMs, allowedMs) {
    const notIngested = targets.filter((target) => !ingested.has(target.experimentId)).length;
    return `Evaluation gate: ${seen} of ${expected} scores in${notIngested > 0 ? ', runs still being ingested' : ''}; waited ${(0,duration/* formatDuration */.a)(waitedMs)} of ${(0,duration/* formatDuration */.a)(allowedMs)} (gate.timeout).`;
}
/** The scores awaited (every answered run, every key) and how many are in. */
function countScores(targets, keys, scores) {
    let expected = 0;
    let seen = 0;
    for (const target of targets) {
        const answered = target.runs.filter((run) => run.error === undefined);
        for (const key of keys) {
            const byRun = scores.get(target.experimentId)?.get(key);
            expected += answered.length;
            seen += answered.filter((run) => byRun?.has(run.runId)).length;
        }
    }
    return { seen, expected };
}
function isComplete(targets, keys, scores, ingested) {
    return targets.every((target) => ingested.has(target.experimentId) &&
        keys.every((key) => {
            const byRun = scores.get(target.experimentId)?.get(key);
            return target.runs.every((run) => run.error !== undefined || byRun?.has(run.runId));
        }));
}
/**
 * Each run's score for `key`: its newest feedback whose score is a number or a boolean (1 or 0).
 * A null score is no score; comments and values are never read.
 */
function newestScores(feedback, key) {
    const newest = new Map();
    for (const item of feedback) {
        if (item.key !== key)
            continue;
        const score = typeof item.score === 'boolean'
            ? item.score
                ? 1
                : 0
            : typeof item.score === 'number' && Number.isFinite(item.score)
                ? item.score
                : undefined;
        if (score === undefined)
            continue;
        const at = Date.parse(item.created_at ?? '') || 0;
        const seen = newest.get(item.run_id.toLowerCase());
        if (!seen || at >= seen.at)
            newest.set(item.run_id.toLowerCase(), { at, score });
    }
    return new Map([...newest].map(([runId, { score }]) => [runId, score]));
}
/**
 * The scores of an earlier experiment made by this action, read run by run: its run ids are
 * derived from its id, the examples and its repetitions. Returns key → run id → score.
 */
async function readScores(runIds, keys, deps) {
    const table = new Map();
    for (const key of keys) {
        const feedback = await deps.client.listFeedback(runIds, key, callOf(deps));
        table.set(key, newestScores(feedback, key));
    }
    return table;
}

;// CONCATENATED MODULE: ./src/evaluation/metadata.ts
/** Marks the experiments this action made. */
const MADE_BY = 'deploy-agent-action';
const metadataOf = (session) => (session.extra?.metadata ?? {});
/** The digest of an experiment's examples, when this action made it. */
function digestOf(session) {
    const metadata = metadataOf(session);
    return metadata.made_by === MADE_BY && typeof metadata.examples_digest === 'string'
        ? metadata.examples_digest
        : undefined;
}
/** The repetitions of an experiment this action made (1–5), else undefined. */
function repetitionsOf(session) {
    const repetitions = metadataOf(session).repetitions;
    return digestOf(session) !== undefined &&
        typeof repetitions === 'number' &&
        Number.isInteger(repetitions) &&
        repetitions >= 1 &&
        repetitions <= 5
        ? repetitions
        : undefined;
}
/**
 * Whether `session` may be `previous`'s baseline: made by this action for the same deployment
 * and the revision that served before, on the same examples. Whether it is complete is read from
 * the service (baseline.ts), whatever its own gate's verdict was.
 */
function isPreviousBaseline(session, wanted) {
    const metadata = metadataOf(session);
    return (digestOf(session) === wanted.digest &&
        metadata.deployment_id === wanted.deploymentId &&
        metadata.revision_id === wanted.revisionId);
}
/**
 * The runs of an experiment this action made that failed, as it wrote them at its end (lower
 * case); undefined when it wrote none (an older version, or it did not reach its end).
 */
function erroredRunsOf(session) {
    const errored = metadataOf(session).errored_runs;
    return Array.isArray(errored) && errored.every((id) => typeof id === 'string')
        ? errored.map((id) => id.toLowerCase())
        : undefined;
}
/** The metadata of `session` with the end's fields added (PATCH sends the whole `extra`). */
function withEnding(metadata, ending) {
    return { ...metadata, ...ending };
}

;// CONCATENATED MODULE: ./src/evaluation/baseline.ts
/**
 * What a relative bound compares with, found before the write. An experiment this action made is
 * taken only when complete (every run ingested, every run that answered scored for every gated
 * key), read run by run; one it did not make is compared on its means, only when it references
 * the same dataset, has the run count of these examples and every run that answered scored.
 * Otherwise the relative bounds cannot conclude, and the plan says why.
 */




/** Experiments of the previous revision looked at, newest first, before the serving one is run. */
const PREVIOUS_CANDIDATES = 10;
async function findBaseline(settings, target, wanted, deps) {
    const choice = settings.baseline;
    if (choice.kind === 'none')
        return { kind: 'none' };
    if (choice.kind === 'previous')
        return previousBaseline(target, wanted, deps);
    const id = choice.kind === 'dataset' ? wanted.pinnedId : choice.id;
    if (!id)
        return {
            kind: 'missing',
            why: 'the dataset pins no baseline experiment (gate.baseline: dataset)'
        };
    const session = await deps.client.getSession(id, callOf(deps));
    if (!session)
        return { kind: 'missing', why: `the tracing service has no experiment ${id}` };
    return comparable(session, wanted, deps);
}
/**
 * The newest complete experiment of the revision that served before, on the same examples;
 * else the serving revision is evaluated first (or, without its URL, the baseline is missing).
 */
async function previousBaseline(target, wanted, deps) {
    if (wanted.firstDeploy ||
        target.deploymentId === undefined ||
        target.previousRevisionId === undefined)
        return { kind: 'first-deploy' };
    const { deploymentId, previousRevisionId } = target;
    const candidates = [];
    await deps.client.eachSession(wanted.datasetId, (session) => {
        if (isPreviousBaseline(session, {
            deploymentId,
            revisionId: previousRevisionId,
            digest: wanted.digest
        }))
            candidates.push(session);
        return candidates.length >= PREVIOUS_CANDIDATES;
    }, callOf(deps));
    for (const candidate of candidates) {
        const taken = await ownExperiment(candidate, wanted, deps);
        if (taken.kind === 'experiment')
            return taken;
        deps.info(`Evaluation gate: ${taken.why}; looking on.`);
    }
    if (!target.deploymentUrl)
        return {
            kind: 'missing',
            why: `no complete experiment of revision ${previousRevisionId} on these examples, and the deployment has no URL to evaluate it at`
        };
    return {
        kind: 'serving-first',
        revisionId: previousRevisionId,
        deploymentUrl: target.deploymentUrl
    };
}
/** An experiment named by the dataset or the input: this action's, or another client's. */
async function comparable(session, wanted, deps) {
    if (session.reference_dataset_id?.toLowerCase() !== wanted.datasetId.toLowerCase())
        return {
            kind: 'missing',
            why: `experiment ${session.id} is not an experiment of this dataset (it references ${session.reference_dataset_id ?? 'none'})`
        };
    const digest = digestOf(session);
    if (digest !== undefined) {
        if (digest !== wanted.digest)
            return {
                kind: 'missing',
                why: `experiment ${session.id} ran other examples (or another version of them)`
            };
        const taken = await ownExperiment(session, wanted, deps);
        return taken.kind === 'experiment' ? taken : { kind: 'missing', why: taken.why };
    }
    const why = foreignProblem(session, wanted);
    return why === undefined ? { kind: 'experiment', session } : { kind: 'missing', why };
}
/**
 * Why an experiment another client made cannot be compared on its means: not the run count of
 * these examples, or a run that answered left unscored for a gated key (`feedback_stats[key].n`
 * is the runs less those with an error).
 */
function foreignProblem(session, wanted) {
    const runCount = session.run_count;
    if (runCount !== wanted.runsExpected)
        return `experiment ${session.id} has ${runCount ?? 'no'} runs, not the ${wanted.runsExpected} of these examples: it is not on the same examples`;
    const errored = Math.round((session.error_rate ?? 0) * runCount);
    const answered = runCount - errored;
    for (const key of wanted.keys) {
        const n = session.feedback_stats?.[key]?.n ?? 0;
        if (n !== answered)
            return `experiment ${session.id} has ${n} ${key} scores for its ${answered} runs without an error: not every run was scored`;
    }
    return undefined;
}
/**
 * An experiment this action made, read now: taken when every run was ingested and every run
 * that answered has a score for every gated key; its runs and scores come with it.
 */
async function ownExperiment(listed, wanted, deps) {
    const incomplete = (why) => ({
        kind: 'incomplete',
        why: `experiment ${listed.id} is not complete: ${why}`
    });
    const repetitions = repetitionsOf(listed);
    if (repetitions === undefined)
        return incomplete('its metadata names no repetitions');
    const session = await deps.client.getSession(listed.id, callOf(deps));
    if (!session)
        return incomplete('the tracing service no longer has it');
    const expected = wanted.exampleIds.length * repetitions;
    if (session.run_count !== expected)
        return incomplete(`${session.run_count ?? 0} of its ${expected} runs were ingested`);
    const errored = new Set(erroredRunsOf(session) ?? []);
    const erroredCount = Math.round((session.error_rate ?? 0) * expected);
    if (errored.size !== erroredCount)
        return incomplete(`it does not say which of its ${erroredCount} runs with an error they were`);
    const runs = wanted.exampleIds.flatMap((exampleId) => Array.from({ length: repetitions }, (_, index) => {
        const runId = runIdOf(session.id, exampleId, index + 1);
        return {
            runId,
            exampleId,
            repetition: index + 1,
            ...(errored.has(runId) && { error: 'failed (as its metadata says)' })
        };
    }));
    const answered = runs.filter((run) => run.error === undefined).map((run) => run.runId);
    const scores = await readScores(answered, wanted.keys, deps);
    for (const key of wanted.keys) {
        const missing = answered.filter((runId) => !scores.get(key)?.has(runId)).length;
        if (missing > 0)
            return incomplete(`${missing} of its ${answered.length} runs without an error have no ${key} score`);
    }
    return { kind: 'experiment', session, repetitions, runs, scores };
}

;// CONCATENATED MODULE: ./src/evaluation/plan.ts
/**
 * Read before write: the dataset, every example page, the rules bound to it and the baseline are
 * read, and the thresholds checked against them, before the deployment is touched. Every refusal
 * names its input; nothing is written here.
 */






const FIRST_LINE = 200;
/**
 * Reads what the gate needs and judges it. On a first deploy with relative thresholds only, the
 * gate is skipped (no experiment runs); relative thresholds beside absolute ones are dropped with
 * a notice. The tracing service failing past its retries is `unreadable`; a cancellation throws.
 */
async function planGate(settings, target, deps) {
    try {
        return await readAndJudge(settings, target, deps);
    }
    catch (error) {
        if (deps.signal?.aborted)
            throw deps.signal.reason;
        if (!(error instanceof errors/* ControlPlaneError */.Cj))
            throw error;
        return { kind: 'unreadable', why: unreadable(error) };
    }
}
/** Why the reads failed, with what to check when the service refused the key. */
function unreadable(error) {
    const status = error instanceof errors/* HttpStatusError */.F9 ? error.status : undefined;
    const hint = status === 401
        ? ' Check that api-key is a key of the tracing service at tracing-url.'
        : status === 403
            ? ' An organisation-scoped key needs tenant-id (the workspace).'
            : status === 404
                ? ' Check tracing-url: it should be the base of the API (often ending in /api/v1).'
                : '';
    return `The evaluation gate could not read the tracing service (tracing-url); nothing was written: ${error.message}${hint}`;
}
async function readAndJudge(settings, target, deps) {
    const call = callOf(deps);
    const refuse = (key, message) => ({
        kind: 'refused',
        problems: [{ key, message }]
    });
    const dataset = await deps.client.findDataset(settings.dataset, call);
    if (!dataset)
        return refuse('gate.dataset', `names no dataset of the tracing service (by exact name or id): ${JSON.stringify(settings.dataset)}`);
    let examples;
    let capped;
    try {
        // Past the cap the gate is refused anyway: the rest of the list is not read.
        ;
        ({ examples, capped } = await deps.client.listExamples(dataset.id, {
            splits: settings.splits,
            asOf: settings.datasetVersion,
            cap: Math.floor(settings.maxExamples / settings.repetitions)
        }, call));
    }
    catch (error) {
        if (settings.datasetVersion !== undefined &&
            error instanceof errors/* HttpStatusError */.F9 &&
            error.status === 404)
            return refuse('gate.dataset-version', 'is not a version of the dataset (a tag or an ISO time)');
        throw error;
    }
    const rules = await deps.client.listRules(dataset.id, call);
    const problems = [
        ...exampleProblems(settings, examples, capped),
        ...ruleProblems(rules, dataset.id)
    ];
    if (problems.length > 0)
        return { kind: 'refused', problems };
    const datasetVersion = newestModified(examples);
    const digest = examplesDigest(examples.map((example) => example.id), datasetVersion);
    const firstDeploy = target.previousRevisionId === undefined;
    const relative = settings.keys.some((key) => (0,gate_thresholds/* regressionBound */.oF)(settings.maxRegression, key) !== undefined);
    let keys = settings.keys;
    if (firstDeploy && relative && settings.baseline.kind === 'previous') {
        keys = settings.keys.filter((key) => settings.minScores.has(key));
        if (keys.length === 0)
            return {
                kind: 'skipped',
                why: 'a first deploy leaves nothing to compare with and gate.min-scores names no key: no experiment runs'
            };
        deps.notice('Evaluation gate: a first deploy has no earlier revision to compare with; gate.max-regression is skipped, gate.min-scores still applies.');
    }
    const baseline = relative
        ? await findBaseline(settings, target, {
            datasetId: dataset.id,
            pinnedId: dataset.baseline_experiment_id,
            digest,
            exampleIds: examples.map((example) => example.id.toLowerCase()),
            keys,
            runsExpected: examples.length * settings.repetitions,
            firstDeploy
        }, deps)
        : { kind: 'none' };
    return {
        kind: 'planned',
        plan: {
            settings,
            target,
            dataset: { id: dataset.id, name: dataset.name },
            examples: examples.map(planned),
            datasetVersion,
            digest,
            keys,
            baseline
        }
    };
}
function exampleProblems(settings, examples, capped) {
    if (examples.length === 0) {
        const key = settings.splits
            ? 'gate.splits'
            : settings.datasetVersion
                ? 'gate.dataset-version'
                : 'gate.dataset';
        return [{ key, message: 'selects no example of the dataset: there is nothing to evaluate' }];
    }
    const runs = examples.length * settings.repetitions;
    return runs > settings.maxExamples
        ? [
            {
                key: 'gate.max-examples',
                message: `is ${settings.maxExamples}, and the gate would make ${capped ? 'at least ' : ''}${runs} runs (${examples.length}${capped ? ' or more' : ''} examples × gate.repetitions ${settings.repetitions}); raise it or narrow gate.splits`
            }
        ]
        : [];
}
/** Rules that would leave runs unscored make the gate wait for scores that never come. */
function ruleProblems(rules, datasetId) {
    const bound = rules.filter((rule) => !rule.dataset_id || rule.dataset_id === datasetId);
    const enabled = bound.filter((rule) => rule.is_enabled);
    if (enabled.length === 0)
        return [
            {
                key: 'gate.dataset',
                message: 'has no enabled evaluator rule bound to it: nothing would score the runs'
            }
        ];
    return enabled.flatMap((rule) => {
        const name = JSON.stringify((rule.display_name ?? rule.id).slice(0, 80));
        const partial = [];
        if (rule.sampling_rate < 1)
            partial.push(`a sampling rate of ${rule.sampling_rate}`);
        if (rule.filter !== undefined && rule.filter !== null && rule.filter !== '')
            partial.push('a filter');
        return partial.length === 0
            ? []
            : [
                {
                    key: 'gate.dataset',
                    message: `has the evaluator rule ${name} with ${partial.join(' and ')}: some runs would never be scored (set its sampling rate to 1 and remove its filter)`
                }
            ];
    });
}
/** The dataset's version as read: the newest `modified_at` of its examples. */
function newestModified(examples) {
    let newest = Number.NEGATIVE_INFINITY;
    for (const example of examples) {
        const time = Date.parse(example.modified_at ?? example.created_at ?? '');
        if (Number.isFinite(time) && time > newest)
            newest = time;
    }
    return Number.isFinite(newest) ? new Date(newest).toISOString() : 'unknown';
}
function planned(example) {
    return {
        id: example.id.toLowerCase(),
        inputs: example.inputs,
        firstLine: firstLineOf(example.inputs)
    };
}
/** The example's question as people know it: its last message's text, else its inputs as JSON. */
function firstLineOf(inputs) {
    const messages = inputs.messages;
    const last = Array.isArray(messages)
        ? messages.at(-1)
        : undefined;
    const text = typeof last?.content === 'string' ? last.content : JSON.stringify(inputs);
    const line = text.trim().split(/\r?\n|\r|\u2028|\u2029/)[0] ?? '';
    return line.length > FIRST_LINE ? `${line.slice(0, FIRST_LINE)}…` : line;
}
/**
 * The plan in lines, for the log and a dry run's summary: the dataset, the runs (examples ×
 * repetitions), the bounds, the keys awaited, and the baseline as a reader knows it (ids cut to
 * their first 8 characters; the log's other lines carry them in full).
 */
function describeGatePlan(plan) {
    const { settings, examples } = plan;
    const runs = examples.length * settings.repetitions;
    const short = (id) => id.slice(0, 8);
    const baseline = plan.baseline;
    const comparedWith = baseline.kind === 'none'
        ? 'no baseline (no gate.max-regression)'
        : baseline.kind === 'first-deploy'
            ? 'nothing: a first deploy (gate.max-regression skipped)'
            : baseline.kind === 'missing'
                ? `no baseline: ${baseline.why} (relative thresholds cannot conclude)`
                : baseline.kind === 'experiment'
                    ? `${experimentWords(plan, short(baseline.session.id))}${baseline.repetitions === undefined ? ' (on its means)' : ' (run by run)'}`
                    : `the previous revision (${short(baseline.revisionId)}), evaluated just before the deploy, before anything is written (${runs} more agent calls)`;
    return [
        `Evaluation gate: dataset ${plan.dataset.name} (${short(plan.dataset.id)}; ${examples.length} examples, version ${plan.datasetVersion}${settings.splits ? `, splits ${settings.splits.join(', ')}` : ''})`,
        `  ${runs} runs (${examples.length} examples × gate.repetitions ${settings.repetitions}), ${settings.concurrency} at a time, against assistant ${settings.assistantId}`,
        `  bounds: ${bounds(plan).join('; ')}`,
        `  keys awaited: ${plan.keys.join(', ')}; feedback awaited up to ${(0,duration/* formatDuration */.a)(settings.timeoutMs)} after the last run`,
        `  compared with ${comparedWith}`
    ];
}
/** An experiment found as the baseline, by what `gate.baseline` asked. */
function experimentWords(plan, id) {
    switch (plan.settings.baseline.kind) {
        case 'dataset':
            return `the dataset's baseline, experiment ${id}`;
        case 'experiment':
            return `experiment ${id} (gate.baseline)`;
        default: {
            const previous = plan.target.previousRevisionId;
            return `the previous revision's gate run${previous ? ` (${previous.slice(0, 8)})` : ''}, experiment ${id}`;
        }
    }
}
/** Each key's bounds, then the error rate's: `correctness ≥ 0.8`, `drop ≤ 0.05`. */
function bounds(plan) {
    const { minScores, maxRegression, maxErrorRate } = plan.settings;
    const perKey = plan.keys.map((key) => {
        const parts = [];
        const min = minScores.get(key);
        const drop = (0,gate_thresholds/* regressionBound */.oF)(maxRegression, key);
        if (min !== undefined)
            parts.push(`≥ ${min}`);
        if (drop !== undefined)
            parts.push(`drop ≤ ${drop}`);
        return `${key} ${parts.join(', ')}`;
    });
    return [...perKey, `runs failed ≤ ${Math.round(maxErrorRate * 10_000) / 100}%`];
}

// EXTERNAL MODULE: ./src/lib/ids.ts
var ids = __webpack_require__(829);
// EXTERNAL MODULE: ./src/control-plane/transport.ts
var transport = __webpack_require__(9747);
// EXTERNAL MODULE: ./src/agent-server/run.ts
var run = __webpack_require__(2890);
// EXTERNAL MODULE: ./src/tracing/client.ts + 3 modules
var client = __webpack_require__(8618);
;// CONCATENATED MODULE: ./src/evaluation/experiment.ts
/**
 * One experiment: created with the action's id and metadata, then each example run
 * `gate.repetitions` times as one stateless `POST /runs/wait` on a revision's URL, a pool of
 * `gate.concurrency`, never retried (a failure is data), each recorded as a root run of the
 * experiment with its example as reference. Run ids are UUID v5 of (experiment, example,
 * repetition), so a write sent again is the same write.
 */







const PROGRESS_EVERY_MS = 30_000;
/** Attempts to find a free name before giving up (the id stays the same). */
const NAME_ATTEMPTS = 3;
async function runExperiment(plan, spec, agent, deps) {
    const experimentId = (deps.randomUUID ?? external_node_crypto_.randomUUID)();
    const metadata = {
        made_by: MADE_BY,
        role: spec.role,
        deployment_id: spec.deploymentId ?? null,
        deployment_name: plan.target.deploymentName,
        revision_id: spec.revisionId,
        previous_revision_id: spec.previousRevisionId ?? null,
        commit: spec.commit ?? null,
        workflow_run: spec.workflowRun ?? null,
        dataset_id: plan.dataset.id,
        dataset_version: plan.datasetVersion,
        examples_digest: plan.digest,
        example_count: plan.examples.length,
        repetitions: plan.settings.repetitions,
        gated_keys: plan.keys
    };
    await createExperiment(plan, spec, experimentId, metadata, deps);
    deps.info(`Evaluation gate: experiment ${experimentId} (${spec.role === 'baseline' ? 'the serving revision' : 'the new revision'} ${spec.revisionId}): ${plan.examples.length} examples × ${plan.settings.repetitions}, ${plan.settings.concurrency} at a time.`);
    const jobs = plan.examples.flatMap((example) => Array.from({ length: plan.settings.repetitions }, (_, index) => ({
        example,
        repetition: index + 1
    })));
    const runs = new Array(jobs.length);
    let pending = [];
    let unsent = 0;
    let next = 0;
    let done = 0;
    let failed = 0;
    let lastLine = deps.clock.now();
    const flush = async () => {
        const batch = pending;
        pending = [];
        if (batch.length > 0)
            await deps.client.postRuns(batch, callOf(deps));
    };
    const worker = async () => {
        while (next < jobs.length) {
            const index = next++;
            const job = jobs[index];
            if (job === undefined)
                break;
            const runId = runIdOf(experimentId, job.example.id, job.repetition);
            if (deps.clock.now() >= deps.deadline) {
                unsent += 1;
                continue;
            }
            const { record, outcome } = await runOne(job, runId, experimentId, spec, agent, plan, deps);
            runs[index] = outcome;
            done += 1;
            if (outcome.error !== undefined)
                failed += 1;
            deps.progress?.(`evaluating: ${done} of ${jobs.length} runs`);
            // A line at least every half minute, so that a long experiment never looks hung.
            if (deps.clock.now() - lastLine >= PROGRESS_EVERY_MS || done === jobs.length) {
                lastLine = deps.clock.now();
                deps.info(`Evaluation gate: ${done} of ${jobs.length} runs done (${failed} failed).`);
            }
            pending.push(record);
            // Records are written as they come, so memory holds at most a batch of answers.
            if (pending.length >= client/* RUNS_PER_BATCH */.mu)
                await flush();
        }
    };
    const workers = Math.max(1, Math.min(plan.settings.concurrency, jobs.length));
    await Promise.all(Array.from({ length: workers }, worker));
    await flush();
    const sent = runs.filter((run) => run !== undefined);
    const errors = sent.filter((run) => run.error !== undefined).length;
    deps.info(`Evaluation gate: ${sent.length} runs recorded in experiment ${experimentId} (${errors} failed${unsent > 0 ? `, ${unsent} not sent: the time ran out` : ''}).`);
    return { experimentId, metadata, runs: sent, unsent };
}
async function createExperiment(plan, spec, experimentId, metadata, deps) {
    const base = `${plan.target.deploymentName} ${spec.role} ${spec.revisionId.slice(0, 8)}`;
    for (let attempt = 0; attempt < NAME_ATTEMPTS; attempt++) {
        const suffix = attempt === 0 ? experimentId.slice(0, 8) : `${experimentId.slice(0, 8)}-${attempt + 1}`;
        const created = await deps.client.createSession({
            id: experimentId,
            name: `${base} ${suffix}`,
            description: `Evaluation gate of ${plan.target.deploymentName}: revision ${spec.revisionId} on ${plan.dataset.name}`,
            reference_dataset_id: plan.dataset.id,
            start_time: new Date(deps.clock.now()).toISOString(),
            extra: { metadata: { ...metadata } }
        }, callOf(deps));
        if (created === 'created')
            return;
    }
    throw new Error(`The tracing service refused the experiment's name ${NAME_ATTEMPTS} times (taken); run the step again.`);
}
async function runOne(job, runId, experimentId, spec, agent, plan, deps) {
    const startedAt = deps.clock.now();
    let outputs = null;
    let error;
    try {
        const answer = await (0,run/* statelessRun */.KM)({
            ...agent,
            deadline: deps.deadline,
            signal: deps.signal,
            dispatcher: deps.dispatcher,
            now: deps.clock.now
        }, { assistantId: plan.settings.assistantId, input: job.example.inputs });
        const judged = judgeAnswer(answer);
        outputs = judged.outputs;
        error = judged.error;
    }
    catch (failure) {
        if (!(failure instanceof transport/* TransportError */.wX))
            throw failure;
        error =
            failure.kind === 'timeout'
                ? 'no answer in time'
                : failure.kind === 'too-large'
                    ? `the answer was ${failure.reason}`
                    : `no answer: ${failure.reason}`;
    }
    const endedAt = Math.max(deps.clock.now(), startedAt);
    const record = {
        id: runId,
        trace_id: runId,
        dotted_order: `${dottedTime(startedAt)}${runId}`,
        name: 'evaluation gate',
        run_type: 'chain',
        start_time: new Date(startedAt).toISOString(),
        end_time: new Date(endedAt).toISOString(),
        inputs: job.example.inputs,
        outputs,
        error: error ?? null,
        session_id: experimentId,
        reference_example_id: job.example.id,
        extra: { metadata: { repetition: job.repetition, revision_id: spec.revisionId } }
    };
    return {
        record,
        outcome: {
            runId,
            exampleId: job.example.id,
            repetition: job.repetition,
            ...(error !== undefined && { error })
        }
    };
}
/**
 * A `/runs/wait` answer as a run's record, read by the one reader of the agent's reply: the whole
 * answer as `outputs` (evaluators read it), and an error when the agent gave no reply, the graph
 * failed or the server answered another status.
 */
function judgeAnswer({ status, reply: read }) {
    const { answer } = read;
    const outputs = answer !== null && typeof answer === 'object' && !Array.isArray(answer)
        ? answer
        : answer === undefined || answer === null
            ? null
            : { output: answer };
    if (status !== 200)
        return { outputs, error: `${run/* RUN_PATH */.mA} answered HTTP ${status}` };
    return read.kind === 'reply' ? { outputs } : { outputs, error: read.reason };
}
/** A root run's `dotted_order` time: `YYYYMMDDTHHMMSSffffffZ` (microseconds). */
function dottedTime(epochMs) {
    const iso = new Date(epochMs).toISOString(); // 2026-01-02T03:04:05.678Z
    const digits = iso.replace(/[-:]/g, '').replace(/\.(\d{3})Z$/, '$1000Z');
    return digits;
}

;// CONCATENATED MODULE: ./src/evaluation/compare.ts
/**
 * The gate's arithmetic: means that cannot overflow on large finite scores, and a relative bound
 * judged like with like, on the examples both experiments scored. Pure: no I/O.
 */
/**
 * The mean of `values`, finite whenever every value is: a plain sum first (exact for ordinary
 * scores), and when that overflows, the values scaled by the largest magnitude so that no partial
 * sum can (two scores of 1e308 have the mean 1e308, not Infinity). Undefined for none.
 */
function mean(values) {
    if (values.length === 0)
        return undefined;
    const sum = values.reduce((total, value) => total + value, 0);
    if (Number.isFinite(sum))
        return sum / values.length;
    const largest = values.reduce((most, value) => Math.max(most, Math.abs(value)), 0);
    if (!Number.isFinite(largest))
        return Number.NaN;
    const scaled = values.reduce((total, value) => total + value / largest / values.length, 0);
    return scaled * largest;
}
/**
 * Like with like: per example the mean of its repetitions (given), intersected with the
 * baseline's, then averaged on each side. Undefined when no example was scored on both.
 */
function onCommonExamples(current, baseline) {
    const mine = [];
    const theirs = [];
    for (const [exampleId, score] of current) {
        const was = baseline.get(exampleId);
        if (was === undefined)
            continue;
        mine.push(score);
        theirs.push(was);
    }
    const meanMine = mean(mine);
    const meanTheirs = mean(theirs);
    return meanMine === undefined || meanTheirs === undefined
        ? undefined
        : { mean: meanMine, baseline: meanTheirs, compared: mine.length };
}
/** Too few examples in common to say anything of the whole: fewer than half of those read. */
const tooFewInCommon = (compared, examplesRead) => compared === 0 || compared * 2 < examplesRead;

;// CONCATENATED MODULE: ./src/evaluation/verdict.ts
/**
 * The gate's verdict from what was read: pure arithmetic, no I/O. Pass: every gated key covered,
 * every threshold met, errors within bound. Fail: a threshold missed by a covered key, or too many
 * errors. Otherwise it could not conclude, which is never a pass.
 */



/** Equal within this is equal: 0.7 − 0.8 is not a drop of more than 0.1. */
const EPSILON = 1e-9;
const MAX_EXAMPLES_SHOWN = 10;
/** key → example id → the mean of its scored repetitions. */
function exampleMeans(runs, scores, keys) {
    const perKey = new Map();
    for (const key of keys) {
        const byRun = scores.get(key);
        const byExample = new Map();
        for (const run of runs) {
            const score = byRun?.get(run.runId);
            if (run.error !== undefined || score === undefined)
                continue;
            byExample.set(run.exampleId, [...(byExample.get(run.exampleId) ?? []), score]);
        }
        perKey.set(key, new Map([...byExample].map(([example, values]) => [example, mean(values) ?? 0])));
    }
    return perKey;
}
function judgeGate(input) {
    const { runs, keys, baseline } = input;
    const answered = runs.filter((run) => run.error === undefined);
    const errors = runs.length - answered.length;
    const errorRate = runs.length === 0 ? 0 : errors / runs.length;
    const perExample = exampleMeans(runs, input.scores, keys);
    const rows = keys.map((key) => keyRow(key, input, answered, perExample.get(key)));
    const why = [];
    const tooManyErrors = errorRate > input.maxErrorRate + EPSILON;
    if (errors === runs.length && runs.length > 0)
        why.push(`every run failed (${errors} of ${runs.length}): the agent gave no answer to judge`);
    else if (tooManyErrors)
        why.push(`${errors} of ${runs.length} runs failed (${percent(errorRate)}), over gate.max-error-rate ${percent(input.maxErrorRate)}`);
    for (const row of rows)
        if (row.why)
            why.push(`${row.key}: ${row.why}`);
    const verdict = tooManyErrors || rows.some((row) => row.verdict === 'fail')
        ? 'fail'
        : rows.some((row) => row.verdict === 'inconclusive')
            ? 'inconclusive'
            : 'pass';
    return {
        verdict,
        rows,
        runs: runs.length,
        errors,
        errorRate,
        why,
        examples: shownExamples(perExample, baseline)
    };
}
function keyRow(key, input, answered, perExample) {
    const byRun = input.scores.get(key);
    const n = answered.filter((run) => byRun?.has(run.runId)).length;
    const mean_ = perExample && perExample.size > 0 ? (mean([...perExample.values()]) ?? null) : null;
    const minScore = input.minScores.get(key);
    const firstDeploy = input.baseline.kind === 'first-deploy';
    const maxRegression = firstDeploy ? undefined : (0,gate_thresholds/* regressionBound */.oF)(input.maxRegression, key);
    const comparison = compareWithBaseline(input.baseline, key, perExample, mean_);
    const row = {
        key,
        mean: mean_,
        n,
        expected: answered.length,
        baseline: comparison?.baseline ?? null,
        delta: comparison ? comparison.mean - comparison.baseline : null,
        compared: comparison?.compared ?? null,
        ...(minScore !== undefined && { minScore }),
        ...(maxRegression !== undefined && { maxRegression })
    };
    const inconclusive = (why) => ({ ...row, verdict: 'inconclusive', why });
    if (answered.length === 0 || mean_ === null)
        return inconclusive('no run was scored for this key');
    if (n < answered.length)
        return inconclusive(`${answered.length - n} of ${answered.length} runs have no score`);
    if (!Number.isFinite(mean_))
        return inconclusive('its mean is not a finite number');
    const missed = [];
    if (minScore !== undefined && mean_ < minScore - EPSILON)
        missed.push(`mean ${fixed(mean_)} is below gate.min-scores ${minScore}`);
    if (maxRegression !== undefined) {
        const why = incomparable(input, comparison);
        if (why !== undefined)
            return inconclusive(why);
        const delta = row.delta;
        if (-delta > maxRegression + EPSILON)
            missed.push(`dropped ${fixed(-delta)} below the baseline on ${row.compared} examples both scored, over gate.max-regression ${maxRegression}`);
    }
    return missed.length > 0
        ? { ...row, verdict: 'fail', why: missed.join('; ') }
        : { ...row, verdict: 'pass' };
}
/** Why a relative bound cannot be judged on this comparison; undefined when it can. */
function incomparable(input, comparison) {
    if (input.baseline.kind === 'missing')
        return `no baseline to compare with: ${input.baseline.why}`;
    if (comparison === undefined)
        return input.baseline.kind === 'runs'
            ? 'no example was scored by both this run and the baseline'
            : 'the baseline has no score for this key';
    if (input.baseline.kind === 'runs' && tooFewInCommon(comparison.compared, input.examplesRead))
        return `only ${comparison.compared} of the ${input.examplesRead} examples read were scored by both this run and the baseline (fewer than half)`;
    if (!Number.isFinite(comparison.baseline))
        return "the baseline's mean is not a finite number";
    if (!Number.isFinite(comparison.mean - comparison.baseline))
        return 'the change from the baseline is not a finite number';
    return undefined;
}
/**
 * What this key is compared on: run by run, the examples both sides scored; a foreign baseline
 * (its runs cannot be matched to examples), its mean against this run's mean over every example.
 */
function compareWithBaseline(baseline, key, perExample, mean_) {
    if (baseline.kind === 'runs')
        return onCommonExamples(perExample ?? new Map(), baseline.perExample.get(key) ?? new Map());
    if (baseline.kind !== 'means' || mean_ === null)
        return undefined;
    const was = baseline.means.get(key);
    return was === undefined
        ? undefined
        : { mean: mean_, baseline: was, compared: perExample?.size ?? 0 };
}
/** The examples that regressed most (run-level baseline), else those that scored lowest. */
function shownExamples(perExample, baseline) {
    const rows = [];
    for (const [key, examples] of perExample) {
        const before = baseline.kind === 'runs' ? baseline.perExample.get(key) : undefined;
        for (const [exampleId, score] of examples) {
            const was = before?.get(exampleId);
            rows.push(was === undefined
                ? { exampleId, key, score }
                : { exampleId, key, score, baseline: was, delta: score - was });
        }
    }
    if (baseline.kind === 'runs') {
        const regressed = rows
            .filter((row) => row.delta !== undefined && row.delta < -EPSILON)
            .sort((a, b) => (a.delta ?? 0) - (b.delta ?? 0));
        return { kind: 'regressed', rows: worstPerExample(regressed) };
    }
    return { kind: 'lowest', rows: worstPerExample([...rows].sort((a, b) => a.score - b.score)) };
}
/** The first (worst) row of each example, up to the number shown. */
function worstPerExample(sorted) {
    const seen = new Set();
    const shown = [];
    for (const row of sorted) {
        if (seen.has(row.exampleId))
            continue;
        seen.add(row.exampleId);
        shown.push(row);
        if (shown.length === MAX_EXAMPLES_SHOWN)
            break;
    }
    return shown;
}
const fixed = (value) => String(Math.round(value * 1000) / 1000);
const percent = (share) => `${Math.round(share * 1000) / 10}%`;
/**
 * A number for `eval-scores`: rounded to 6 places where that cannot overflow (a score of 1e308
 * stays 1e308); anything not finite is null (and keyRow never lets such a key pass).
 */
function rounded(value) {
    if (value === null || !Number.isFinite(value))
        return null;
    return Math.abs(value) < 1e9 ? Math.round(value * 1e6) / 1e6 : value;
}
/** `eval-scores`: for each gated key `{mean, n, baseline, delta, compared, verdict}`. */
function scoresOutput(rows) {
    return JSON.stringify(Object.fromEntries(rows.map((row) => [
        row.key,
        {
            mean: rounded(row.mean),
            n: row.n,
            baseline: rounded(row.baseline),
            delta: rounded(row.delta),
            compared: row.compared,
            verdict: row.verdict
        }
    ])));
}

;// CONCATENATED MODULE: ./src/evaluation/gate.ts
/**
 * The evaluation gate after DEPLOYED (and, when no baseline exists, the serving revision's
 * experiment before the write): experiment, completion by coverage, verdict, records. A gate that
 * fails or cannot conclude fails the step like a failed agent check.
 */







/**
 * Before the write, when the plan found no baseline on the same examples: the same experiment
 * against the serving revision (its URL answers as that revision until the new one serves).
 * Undefined when the plan needs none. Its scores are awaited with the new revision's.
 */
async function runServingBaseline(plan, agent, deps) {
    if (plan.baseline.kind !== 'serving-first')
        return undefined;
    deps.info(`Evaluation gate: no experiment of the serving revision ${plan.baseline.revisionId} on these examples; it is evaluated first, before anything is written.`);
    return runExperiment(plan, {
        role: 'baseline',
        revisionId: plan.baseline.revisionId,
        deploymentId: plan.target.deploymentId
    }, { ...agent, baseUrl: plan.baseline.deploymentUrl }, deps);
}
/**
 * The gate on a DEPLOYED revision: never throws for what the tracing service or the agent does
 * (that is a verdict, or could not conclude); a cancellation goes through.
 */
async function runGate(plan, revision, agent, deps, servingBaseline) {
    let experiment;
    try {
        experiment = await runExperiment(plan, {
            role: 'gate',
            revisionId: revision.revisionId,
            deploymentId: revision.deploymentId,
            previousRevisionId: plan.target.previousRevisionId,
            commit: revision.commit,
            workflowRun: revision.workflowRun
        }, { ...agent, baseUrl: revision.deploymentUrl }, deps);
        return await judgeExperiment(plan, experiment, deps, servingBaseline);
    }
    catch (error) {
        if (deps.signal?.aborted)
            throw deps.signal.reason;
        if (!(error instanceof errors/* ControlPlaneError */.Cj))
            throw error;
        const why = error instanceof errors/* DeadlineError */.j3
            ? `timeout ran out before the gate could conclude (${error.message})`
            : `the tracing service failed: ${error.message}`;
        return couldNotConclude(plan, why, experiment, !(error instanceof errors/* DeadlineError */.j3));
    }
}
async function judgeExperiment(plan, experiment, deps, servingBaseline) {
    const { keys } = plan;
    const targets = [
        { experimentId: experiment.experimentId, runs: experiment.runs },
        ...(servingBaseline
            ? [{ experimentId: servingBaseline.experimentId, runs: servingBaseline.runs }]
            : [])
    ];
    // gate.timeout: feedback awaited this long after the last run, inside the run's deadline.
    const coverageDeadline = deps.waitUntil(plan.settings.timeoutMs, deps.deadline);
    const coverage = await awaitCoverage(targets, keys, coverageDeadline, deps);
    const scores = coverage.scores.get(experiment.experimentId) ?? new Map();
    const baseline = baselineScores(plan, servingBaseline, coverage.scores);
    const judgement = judgeGate({
        keys,
        minScores: plan.settings.minScores,
        maxRegression: plan.settings.maxRegression,
        maxErrorRate: plan.settings.maxErrorRate,
        runs: experiment.runs,
        scores,
        baseline,
        examplesRead: plan.examples.length
    });
    const reasons = [...judgement.why];
    if (experiment.unsent > 0)
        reasons.push(`${experiment.unsent} runs were not sent before timeout ran out`);
    if (coverage.notIngested.includes(experiment.experimentId))
        reasons.push('not every run was ingested by the tracing service before gate.timeout ran out');
    if (coverage.serviceFailure)
        reasons.push(`the tracing service failed: ${coverage.serviceFailure}`);
    const verdict = judgement.verdict === 'pass' && reasons.length > judgement.why.length
        ? 'inconclusive'
        : judgement.verdict;
    const notices = [];
    await recordEnding(experiment, { gate_verdict: verdict, complete: coverage.complete, errored_runs: erroredRuns(experiment) }, deps, notices);
    if (servingBaseline)
        await recordEnding(servingBaseline, {
            complete: isCovered(servingBaseline.runs, keys, coverage.scores.get(servingBaseline.experimentId)),
            errored_runs: erroredRuns(servingBaseline)
        }, deps, notices);
    const baselineId = baselineExperimentId(plan, servingBaseline);
    const tenant = await tenantOf(experiment.experimentId, deps);
    const firstLines = new Map(plan.examples.map((example) => [example.id, example.firstLine]));
    const evaluatorScores = [...coverage.scores.values()].reduce((sum, byKey) => sum + [...byKey.values()].reduce((n, byRun) => n + byRun.size, 0), 0);
    return {
        verdict: {
            check: 'gate',
            verdict: verdict === 'pass' ? 'passed' : verdict === 'fail' ? 'failed' : 'inconclusive',
            ...(reasons.length > 0 && { why: reasons.join('; ') })
        },
        experimentId: experiment.experimentId,
        baselineExperimentId: baselineId,
        ...(baselineId !== undefined && { baseline: baselineFacts(plan, baselineId) }),
        degraded: coverage.serviceFailure !== undefined ||
            coverage.notIngested.length > 0 ||
            !coverage.complete,
        datasetName: plan.dataset.name,
        rows: judgement.rows,
        examples: {
            kind: judgement.examples.kind,
            rows: judgement.examples.rows.map((row) => ({
                ...row,
                firstLine: firstLines.get(row.exampleId) ?? ''
            }))
        },
        runs: judgement.runs,
        errors: judgement.errors,
        cost: {
            agentCalls: experiment.runs.length + (servingBaseline?.runs.length ?? 0),
            evaluatorScores
        },
        links: links(plan, tenant, experiment.experimentId, baselineId),
        notices,
        outputs: {
            'eval-passed': String(verdict === 'pass'),
            'experiment-id': experiment.experimentId,
            ...(baselineId !== undefined && { 'baseline-experiment-id': baselineId }),
            'eval-scores': scoresOutput(judgement.rows)
        }
    };
}
/** What the new experiment is compared with, read now (an earlier experiment) or just awaited. */
function baselineScores(plan, servingBaseline, awaited) {
    const { baseline } = plan;
    if (baseline.kind === 'none' || baseline.kind === 'first-deploy' || baseline.kind === 'missing')
        return baseline;
    if (baseline.kind === 'serving-first') {
        if (!servingBaseline)
            return { kind: 'missing', why: 'the serving revision was not evaluated before the write' };
        const scores = awaited.get(servingBaseline.experimentId) ?? new Map();
        if (!isCovered(servingBaseline.runs, plan.keys, scores))
            return {
                kind: 'missing',
                why: "the serving revision's experiment was not fully scored before gate.timeout"
            };
        return {
            kind: 'runs',
            experimentId: servingBaseline.experimentId,
            perExample: exampleMeans(servingBaseline.runs, scores, plan.keys)
        };
    }
    const { session, runs, scores } = baseline;
    if (runs === undefined || scores === undefined) {
        const means = new Map();
        for (const key of plan.keys) {
            const avg = session.feedback_stats?.[key]?.avg;
            if (typeof avg === 'number' && Number.isFinite(avg))
                means.set(key, avg);
        }
        return { kind: 'means', experimentId: session.id, means };
    }
    return {
        kind: 'runs',
        experimentId: session.id,
        perExample: exampleMeans(runs, scores, plan.keys)
    };
}
function isCovered(runs, keys, scores) {
    return keys.every((key) => runs.every((run) => run.error !== undefined || scores?.get(key)?.has(run.runId)));
}
/** The runs that failed, for a later gate that reads this experiment as its baseline. */
const erroredRuns = (experiment) => experiment.runs.filter((run) => run.error !== undefined).map((run) => run.runId);
function baselineExperimentId(plan, servingBaseline) {
    if (plan.baseline.kind === 'experiment')
        return plan.baseline.session.id;
    return servingBaseline?.experimentId;
}
/** The baseline as a reader knows it: which kind, and the revision it evaluated when known. */
function baselineFacts(plan, experimentId) {
    if (plan.baseline.kind === 'serving-first')
        return { kind: 'serving-first', experimentId, revisionId: plan.baseline.revisionId };
    const chosen = plan.settings.baseline.kind;
    if (chosen === 'dataset' || chosen === 'experiment')
        return { kind: chosen, experimentId };
    return { kind: 'previous', experimentId, revisionId: plan.target.previousRevisionId };
}
/** The experiment's metadata gets the verdict (the whole `extra` is sent: it replaces). */
async function recordEnding(experiment, ending, deps, notices) {
    try {
        await deps.client.patchSession(experiment.experimentId, {
            end_time: new Date(deps.clock.now()).toISOString(),
            extra: { metadata: { ...withEnding(experiment.metadata, ending) } }
        }, callOf(deps));
    }
    catch (error) {
        if (deps.signal?.aborted)
            throw deps.signal.reason;
        if (!(error instanceof errors/* ControlPlaneError */.Cj))
            throw error;
        notices.push(`The verdict could not be written to experiment ${experiment.experimentId} (${error.message}); the next deploy evaluates this revision again.`);
    }
}
async function tenantOf(experimentId, deps) {
    try {
        const session = await deps.client.getSession(experimentId, callOf(deps));
        return session?.tenant_id && ids/* UUID */.k.test(session.tenant_id) ? session.tenant_id : undefined;
    }
    catch {
        // Without the tenant there is no link; the verdict stands.
        if (deps.signal?.aborted)
            throw deps.signal.reason;
        return undefined;
    }
}
/** Links only from the input's origin and validated UUIDs (Untrusted text). */
function links(plan, tenant, experimentId, baselineId) {
    const web = plan.settings.tracingWebUrl;
    if (web === undefined || tenant === undefined)
        return {};
    const compare = `${web}/o/${tenant}/datasets/${plan.dataset.id}/compare?selectedSessions=${experimentId}`;
    return {
        experiment: compare,
        ...(baselineId !== undefined &&
            ids/* UUID */.k.test(baselineId) && { comparison: `${compare}%2C${baselineId}` })
    };
}
/** A gate that could not conclude before it had a judgement (the tracing service failed). */
function couldNotConclude(plan, why, experiment, degraded) {
    return {
        verdict: { check: 'gate', verdict: 'inconclusive', why },
        degraded,
        experimentId: experiment?.experimentId,
        datasetName: plan.dataset.name,
        rows: [],
        examples: { kind: 'lowest', rows: [] },
        runs: experiment?.runs.length ?? 0,
        errors: experiment?.runs.filter((run) => run.error !== undefined).length ?? 0,
        cost: { agentCalls: experiment?.runs.length ?? 0, evaluatorScores: 0 },
        links: {},
        notices: [],
        outputs: {
            'eval-passed': 'false',
            ...(experiment && { 'experiment-id': experiment.experimentId })
        }
    };
}

;// CONCATENATED MODULE: ./src/evaluation/index.ts
/**
 * The evaluation gate (`gate.dataset`), in the order a deploy uses it:
 * 1. `planGate` before the deployment is touched: reads and refusals (nothing written);
 *    `describeGatePlan` for the log and `dry-run`.
 * 2. `runServingBaseline` before the write, when the plan found no baseline on the same examples.
 * 3. `runGate` after DEPLOYED and the other checks: the experiment, the scores, the verdict.
 */





/***/ })

};

//# sourceMappingURL=839.index.js.map