export const id = 689;
export const ids = [689];
export const modules = {

/***/ 7689:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  deleteDeployment: () => (/* reexport */ deleteDeployment),
  deploy: () => (/* reexport */ deploy),
  promote: () => (/* reexport */ promote),
  prunePreviews: () => (/* reexport */ prunePreviews),
  rollbackOperation: () => (/* reexport */ rollback/* rollbackOperation */.g)
});

// EXTERNAL MODULE: ./src/operations/target.ts
var operations_target = __webpack_require__(9325);
// EXTERNAL MODULE: ./src/control-plane/errors.ts
var errors = __webpack_require__(4007);
// EXTERNAL MODULE: ./src/control-plane/client.ts + 1 modules
var control_plane_client = __webpack_require__(5319);
;// CONCATENATED MODULE: ./src/operations/delete.ts



/**
 * operation: delete, for pull-request previews: find the deployment (exact name, or id) and
 * delete it, with its tracing project when asked. Already absent is a success. Dry run looks up
 * and says what it would delete.
 */
async function deleteDeployment(config, deps) {
    const { client, io, signal } = deps;
    const now = deps.clock.now;
    const call = { deadline: deps.deadline.at, signal };
    const state = {
        created: false,
        statusesSeen: []
    };
    const finish = (outcome, message) => ({
        ...state,
        outcome,
        message,
        elapsedMs: now() - deps.deadline.startedAt
    });
    const wanted = (0,operations_target/* named */.KT)(config);
    try {
        const existing = await (0,operations_target/* findTarget */.FB)(config, client, call, true);
        if (!existing) {
            io.notice(`No deployment ${wanted} exists: nothing to delete.`);
            return finish('absent', `No deployment ${wanted} exists; nothing was deleted.`);
        }
        state.deploymentId = existing.id;
        state.deploymentName = existing.name;
        const request = (0,control_plane_client/* describeDeleteRequest */.YJ)(existing.id, {
            deleteTracingProject: config.deleteTracingProject
        });
        if (config.dryRun) {
            const planLines = [`Would delete ${(0,operations_target/* describe */.q0)(state)}: ${request}`];
            planLines.forEach((line) => io.info(line));
            return {
                ...finish('dry-run', `Dry run: ${(0,operations_target/* describe */.q0)(state)} would be deleted. Nothing was sent that changes state.`),
                planLines
            };
        }
        try {
            await client.deleteDeployment(existing.id, { deleteTracingProject: config.deleteTracingProject }, call);
        }
        catch (error) {
            // Deleted meanwhile, by another run: the wanted end state.
            if (!(error instanceof errors/* HttpStatusError */.F9 && error.status === 404))
                throw error;
        }
        const tracing = config.deleteTracingProject
            ? ' and its tracing project'
            : `; its tracing project is kept, so the name ${existing.name} stays taken until that is deleted (delete-tracing-project: true)`;
        return finish('deleted', `Deleted ${(0,operations_target/* describe */.q0)(state)}${tracing}.`);
    }
    catch (error) {
        if (signal?.aborted)
            return finish('cancelled', `Cancelled before the delete of ${wanted} was confirmed; check the service.`);
        return finish('error', (0,operations_target/* withHint */.mu)(error));
    }
}

// EXTERNAL MODULE: ./src/lib/bytes.ts
var bytes = __webpack_require__(9792);
// EXTERNAL MODULE: ./src/lib/url.ts
var url = __webpack_require__(5194);
// EXTERNAL MODULE: ./src/operations/deploy-run.ts
var deploy_run = __webpack_require__(7995);
// EXTERNAL MODULE: ./src/inputs/git-ref.ts
var git_ref = __webpack_require__(6905);
// EXTERNAL MODULE: ./src/inputs/parse.ts + 3 modules
var parse = __webpack_require__(1978);
;// CONCATENATED MODULE: ./src/operations/plan.ts


/**
 * Decides what to send: the whole create body when the deployment does not exist, or a PATCH that
 * carries only what PATCH may change. This is the one place request bodies are built. Inputs that
 * only now turn out to be missing (a create needs more than an update) throw an InputError before
 * anything that changes state is sent.
 */
function planDeployment(config, existing) {
    return existing === undefined ? planCreate(config) : planUpdate(config, existing);
}
function planCreate(config) {
    const name = config.name;
    if (name === undefined) {
        throw new parse/* InputError */.dz([
            {
                input: 'name',
                message: 'is required to create a deployment (no deployment has the given deployment-id)'
            }
        ]);
    }
    const problems = [];
    const required = (value, input) => {
        if (value === undefined || value === '') {
            problems.push({
                input,
                message: `is required to create a ${config.source} deployment (${name} does not exist yet)`
            });
        }
        return value ?? '';
    };
    let sourceConfig = {};
    const revisionConfig = {};
    if (config.source === 'git_host') {
        sourceConfig.integration_id = required(config.integrationId, 'integration-id');
        sourceConfig.repo_url = required(config.repoUrl, 'repo-url');
        if (config.deploymentType)
            sourceConfig.deployment_type = config.deploymentType;
        // A tag is never pushed again, and the service refuses build_on_push with a tag.
        const buildOnPush = config.buildOnPush ?? ((0,git_ref/* isTagRef */.kN)(config.repoRef) ? false : undefined);
        if (buildOnPush !== undefined)
            sourceConfig.build_on_push = buildOnPush;
        sourceConfig = { ...sourceConfig, ...buildCommands(config) };
        revisionConfig.repo_ref = required(config.repoRef, 'repo-ref');
        revisionConfig.graph_config_path = required(config.graphConfigPath, 'graph-config-path');
    }
    else if (config.source === 'internal_source') {
        // The official client's flow: create with the config path only; the upload's PATCH follows.
        revisionConfig.graph_config_path = required(config.graphConfigPath, 'graph-config-path');
    }
    else {
        revisionConfig.image_uri = required(config.imageUri, 'image-uri');
        if (config.source === 'external_image') {
            if (config.listenerId)
                sourceConfig.listener_id = config.listenerId;
            if (config.k8sNamespace)
                sourceConfig.listener_config = { k8s_namespace: config.k8sNamespace };
            if (config.customUrl)
                sourceConfig.custom_url = config.customUrl;
            if (config.resourceSpec)
                sourceConfig.resource_spec = config.resourceSpec;
        }
    }
    if (problems.length > 0)
        throw new parse/* InputError */.dz(problems);
    const internalSource = config.source === 'internal_source';
    return {
        kind: 'create',
        body: {
            name,
            source: config.source,
            source_config: sourceConfig,
            source_revision_config: revisionConfig,
            secrets: internalSource ? [] : (config.secrets ?? [])
        },
        notices: [],
        sourcePatch: internalSource ? (objectPath) => sourcePatch(config, objectPath) : undefined
    };
}
function planUpdate(config, existing) {
    if (existing.source !== config.source) {
        throw new parse/* InputError */.dz([
            {
                input: 'source',
                message: `is ${config.source}, but the deployment ${existing.name} (${existing.id}) has source ${existing.source}, which cannot change; use source: ${existing.source}, or another name`
            }
        ]);
    }
    const notices = createOnlyNotices(config, existing);
    if (config.source === 'internal_source') {
        return {
            kind: 'update',
            deploymentId: existing.id,
            notices,
            sourcePatch: (objectPath) => sourcePatch(config, objectPath)
        };
    }
    let sourceConfig = {};
    const revisionConfig = {};
    if (config.source === 'git_host') {
        if (config.repoRef)
            revisionConfig.repo_ref = config.repoRef;
        if (config.graphConfigPath)
            revisionConfig.graph_config_path = config.graphConfigPath;
        if (config.buildOnPush !== undefined) {
            sourceConfig.build_on_push = config.buildOnPush;
        }
        else if ((0,git_ref/* isTagRef */.kN)(config.repoRef) && existing.source_config.build_on_push === true) {
            // The service refuses a tag while build_on_push is on; a tag is never pushed again anyway.
            sourceConfig.build_on_push = false;
            notices.push(`build_on_push of ${existing.name} is turned off: it cannot stay on while the deployment follows the tag ${config.repoRef}.`);
        }
        sourceConfig = { ...sourceConfig, ...buildCommands(config) };
    }
    else {
        if (config.imageUri)
            revisionConfig.image_uri = config.imageUri;
        if (config.source === 'external_image') {
            if (config.customUrl)
                sourceConfig.custom_url = config.customUrl;
            if (config.resourceSpec)
                sourceConfig.resource_spec = config.resourceSpec;
        }
    }
    const body = {};
    if (Object.keys(sourceConfig).length > 0)
        body.source_config = sourceConfig;
    if (Object.keys(revisionConfig).length > 0)
        body.source_revision_config = revisionConfig;
    if (config.secrets !== undefined)
        body.secrets = config.secrets;
    if (!createsRevision(body)) {
        const gitHost = config.source === 'git_host';
        throw new parse/* InputError */.dz([
            {
                input: gitHost ? 'repo-ref' : 'image-uri',
                message: `nothing to deploy: an update of ${existing.name} needs ${gitHost ? 'repo-ref or graph-config-path' : 'image-uri (or secrets or resource-spec)'} to create a new revision`
            }
        ]);
    }
    return { kind: 'update', deploymentId: existing.id, body, notices };
}
/**
 * operation promote: the PATCH that makes `target` build or run exactly what `from` serves, its
 * active `revision`: the same image, the same tarball, or the same ref (whose commit is checked
 * after DEPLOYED, so the source's commit must be known). Anything that keeps this from being
 * the same build is refused by name before anything is written.
 */
function planPromotion(config, target, from, revision) {
    const refuse = (message) => {
        throw new parse/* InputError */.dz([{ input: 'from-deployment', message }]);
    };
    const fromName = `${from.name} (${from.id})`;
    if (from.source !== target.source) {
        refuse(`${fromName} has source ${from.source}, but ${target.name} (${target.id}) has source ${target.source}: a promote deploys the same build, so both must have the same source`);
    }
    const seen = revision.source_revision_config ?? {};
    const missing = (field, why) => refuse(`the revision ${revision.id} that ${fromName} serves shows no ${field}: ${why}`);
    const revisionConfig = {};
    const sourceConfig = {};
    const notices = [];
    let promoted;
    let fromCommit;
    switch (from.source) {
        case 'external_image':
        case 'internal_image':
            promoted = seen.image_uri || missing('image_uri', 'there is no image to promote');
            revisionConfig.image_uri = promoted;
            break;
        case 'internal_source':
            promoted =
                seen.source_tarball_path ||
                    missing('source_tarball_path', 'the source it was built from cannot be reused, so internal_source cannot be promoted from it (deploy the folder instead)');
            revisionConfig.source_tarball_path = promoted;
            if (seen.graph_config_path)
                revisionConfig.graph_config_path = seen.graph_config_path;
            break;
        case 'git_host':
            promoted = seen.repo_ref || missing('repo_ref', 'there is no ref to promote');
            fromCommit =
                seen.repo_commit_sha ||
                    missing('repo_commit_sha', `the commit it was built from is unknown, so nothing could check that ${target.name} builds the same one`);
            revisionConfig.repo_ref = promoted;
            if (seen.graph_config_path)
                revisionConfig.graph_config_path = seen.graph_config_path;
            if (target.source_config.build_on_push === true) {
                if ((0,git_ref/* isTagRef */.kN)(promoted)) {
                    // The service refuses a tag while build_on_push is on; a tag is never pushed again anyway.
                    sourceConfig.build_on_push = false;
                    notices.push(`build_on_push of ${target.name} is turned off: it cannot stay on while the deployment follows the tag ${promoted}.`);
                }
                else {
                    notices.push(`build_on_push is on for ${target.name}: every push to ${promoted} will build it again, a commit no promote checked. Promote a tag, or turn build_on_push off.`);
                }
            }
            break;
        default:
            return refuse(`${fromName} has source ${from.source}, which this action cannot promote (it promotes git_host, external_image, internal_image and internal_source)`);
    }
    const body = { source_revision_config: revisionConfig };
    if (Object.keys(sourceConfig).length > 0)
        body.source_config = sourceConfig;
    if (config.secrets !== undefined)
        body.secrets = config.secrets;
    return {
        plan: { kind: 'update', deploymentId: target.id, body, notices },
        promoted,
        fromCommit
    };
}
/** The PATCH that turns an uploaded tarball into a revision (service-notes, internal_source). */
function sourcePatch(config, objectPath) {
    const body = {
        source_revision_config: {
            source_tarball_path: objectPath,
            graph_config_path: config.graphConfigPath ?? undefined
        }
    };
    const commands = buildCommands(config);
    if (Object.keys(commands).length > 0)
        body.source_config = commands;
    if (config.secrets !== undefined)
        body.secrets = config.secrets;
    return body;
}
function buildCommands(config) {
    const commands = {};
    if (config.installCommand)
        commands.install_command = config.installCommand;
    if (config.buildCommand)
        commands.build_command = config.buildCommand;
    return commands;
}
/** api.md §3: the body fields whose non-null value in a PATCH creates a revision. */
const REVISION_FIELDS = [
    'source_revision_config.repo_ref',
    'source_revision_config.graph_config_path',
    'source_revision_config.image_uri',
    'source_revision_config.source_tarball_path',
    'source_config.resource_spec',
    'secrets'
];
function createsRevision(body) {
    return REVISION_FIELDS.some((field) => valueAt(body, field) != null);
}
function valueAt(body, field) {
    let value = body;
    for (const key of field.split('.')) {
        if (typeof value !== 'object' || value === null)
            return undefined;
        value = value[key];
    }
    return value;
}
/** Create-only inputs that ask for something the existing deployment does not have. */
function createOnlyNotices(config, existing) {
    const current = existing.source_config;
    const asked = config.source === 'git_host'
        ? [
            ['integration-id', config.integrationId, current.integration_id],
            ['deployment-type', config.deploymentType, current.deployment_type]
        ]
        : [['listener-id', config.listenerId, current.listener_id]];
    const differing = asked
        .filter(([, wanted, actual]) => wanted !== undefined && actual != null && wanted !== actual)
        .map(([input]) => input);
    if (differing.length === 0)
        return [];
    return [
        `${differing.join(', ')} of ${existing.name} can only be set when the deployment is created; the deployment keeps its current value. To change it, delete the deployment or deploy under another name.`
    ];
}

;// CONCATENATED MODULE: ./src/operations/plan-description.ts



/**
 * The plan for people (dry-run): the requests, each field that would be sent, and which fields
 * create a revision. Secret values are shown as `***`.
 */
function describePlan(plan, target, archive) {
    const lines = [];
    if (plan.kind === 'create') {
        lines.push(`Would create deployment ${target.name} (source ${plan.body.source}): POST ${control_plane_client/* controlPlanePaths */.oH.deployments()}`);
        lines.push(...fieldLines(plan.body, false));
        lines.push(plan.sourcePatch
            ? '  (creates the deployment without a revision)'
            : '  (creates the deployment and its first revision)');
    }
    const deploymentPath = plan.kind === 'update'
        ? control_plane_client/* controlPlanePaths */.oH.deployment(plan.deploymentId)
        : control_plane_client/* controlPlanePaths */.oH.newDeployment();
    const uploadPath = plan.kind === 'update'
        ? control_plane_client/* controlPlanePaths */.oH.uploadUrl(plan.deploymentId)
        : control_plane_client/* controlPlanePaths */.oH.newDeploymentUploadUrl();
    if (plan.sourcePatch) {
        const packed = archive
            ? ` (${archive.files.length} files, ${(0,bytes/* formatBytes */.z)(archive.bytes)} packed)`
            : '';
        lines.push(`Would upload the source folder${packed}: POST ${uploadPath}, then PUT the tarball`);
        lines.push(`Would update deployment ${target.name}: PATCH ${deploymentPath}`);
        lines.push(...fieldLines(plan.sourcePatch('{object path from upload-url}'), true));
    }
    else if (plan.kind === 'update' && plan.body) {
        lines.push(`Would update deployment ${target.name} (${plan.deploymentId}): PATCH ${deploymentPath}`);
        lines.push(...fieldLines(plan.body, true));
    }
    lines.push(...plan.notices.map((notice) => `Note: ${notice}`));
    return lines;
}
function fieldLines(body, markRevisions) {
    return flatten(body, '').map(([field, value]) => {
        const creates = markRevisions && REVISION_FIELDS.includes(field)
            ? '   ← creates a revision'
            : '';
        return `  ${field} = ${value}${creates}`;
    });
}
function flatten(value, prefix) {
    const rows = [];
    for (const [key, item] of Object.entries(value)) {
        const field = prefix ? `${prefix}.${key}` : key;
        if (field === 'secrets' && Array.isArray(item)) {
            const names = item.map((secret) => `${secret.name}=***`);
            rows.push([field, names.length > 0 ? names.join(', ') : '[] (none)']);
        }
        else if (field === 'source_config.resource_spec' ||
            typeof item !== 'object' ||
            item === null) {
            rows.push([field, typeof item === 'string' ? item : JSON.stringify(item)]);
        }
        else {
            rows.push(...flatten(item, field));
        }
    }
    return rows;
}

// EXTERNAL MODULE: ./src/operations/revision-outcome.ts + 4 modules
var revision_outcome = __webpack_require__(5140);
// EXTERNAL MODULE: ./src/operations/safe-writes.ts
var safe_writes = __webpack_require__(582);
// EXTERNAL MODULE: ./src/inputs/deployment-type.ts
var deployment_type = __webpack_require__(3911);
;// CONCATENATED MODULE: ./src/operations/deploy.ts









/**
 * The deploy operation: look the deployment up, create or patch it, wait for the revision this
 * run created, read the URL. What must be said at once is reported as soon as it is known. Expected endings (failed,
 * superseded, timeout, cancelled) and errors (HTTP, inputs a create needs) all end in a result that
 * holds what was known when it ended; nothing is thrown.
 */
async function deploy(config, deps) {
    const run = new deploy_run/* DeployRun */.j(config, deps);
    let archive;
    try {
        archive = await packSourceDir(run);
        const existing = await (0,operations_target/* findTarget */.FB)(config, deps.client, run.call);
        if (existing)
            run.found(existing);
        if (existing?.active_revision_id)
            run.servedBefore(existing.active_revision_id);
        // The deployment shows its latest revision's config: the commit of what serves only when
        // that revision is the active one.
        const commitBefore = existing?.source_revision_config.repo_commit_sha;
        if (commitBefore && existing?.latest_revision_id === existing?.active_revision_id)
            run.known.servedBeforeCommit = commitBefore;
        const urlBefore = (0,url/* checkHttpUrl */.O)(existing?.source_config.custom_url ?? '');
        if ('url' in urlBefore)
            run.known.servedBeforeUrl = urlBefore.url;
        const plan = planDeployment(config, existing);
        plan.notices.forEach((notice) => deps.io.notice(notice));
        const stepsPlan = await run.beforeWrite({
            deployment: existing,
            name: existing?.name ?? config.name ?? ''
        });
        if (config.dryRun)
            return dryRun(run, plan, existing, archive, stepsPlan);
        const { deployment, revisionId } = await writeRevision(run, plan, existing, archive);
        if (!config.wait)
            return await notWaiting(run, deployment.id, revisionId);
        return (await (0,revision_outcome/* waitForOutcome */.rf)(run, deployment, revisionId)).result;
    }
    catch (error) {
        return (0,revision_outcome/* endedByError */.Qr)(run, error);
    }
    finally {
        await archive?.dispose();
    }
}
/**
 * internal_source: everything about the folder is checked and packed before the first request.
 * tar and ignore are loaded only for this source.
 */
async function packSourceDir(run) {
    if (run.config.source !== 'internal_source')
        return undefined;
    const { io } = run.deps;
    const sourceArchive = await Promise.all(/* import() */[__webpack_require__.e(812), __webpack_require__.e(10)]).then(__webpack_require__.bind(__webpack_require__, 2010));
    await sourceArchive.checkSourceDir(run.config);
    const archive = await sourceArchive.packSource(run.config.sourceDir, undefined, {
        deadline: run.deadline,
        now: run.deps.clock.now,
        signal: run.deps.signal,
        maxBytes: run.deps.sourceMaxBytes
    });
    io.info(`Packed ${archive.files.length} files into ${(0,bytes/* formatBytes */.z)(archive.bytes)}.`);
    if (archive.skipped.length > 0) {
        const more = archive.skipped.length > 10 ? ` and ${archive.skipped.length - 10} more` : '';
        io.notice(`Left out of the source tarball (links, or paths outside source-dir): ${archive.skipped.slice(0, 10).join(', ')}${more}`);
    }
    if (archive.bytes > sourceArchive.WARN_ARCHIVE_BYTES) {
        io.notice(`The source tarball is ${(0,bytes/* formatBytes */.z)(archive.bytes)}; above ${(0,bytes/* formatBytes */.z)(sourceArchive.WARN_ARCHIVE_BYTES)} uploads and builds get slow. Leave build output and data out with .gitignore.`);
    }
    return archive;
}
function dryRun(run, plan, existing, archive, 
/** The steps' plan, logged when they read it: the summary shows it after the request's. */
stepsPlan) {
    const planLines = describePlan(plan, { name: existing?.name ?? (0,operations_target/* named */.KT)(run.config) }, archive);
    planLines.forEach((line) => run.deps.io.info(line));
    const what = plan.kind === 'create'
        ? `${plan.body.name} does not exist and would be created`
        : `${run.target} would be updated`;
    return {
        ...run.finish('dry-run', `Dry run: ${what}. Nothing was sent that changes state.`),
        planLines: [...planLines, ...stepsPlan]
    };
}
/**
 * Sends the create, the upload and the PATCH the plan asks for, each at most once, and returns
 * the revision the last of them created: the one this run waits for.
 */
async function writeRevision(run, plan, existing, archive) {
    const { io } = run.deps;
    let deployment;
    if (plan.kind === 'create') {
        io.info(`Creating deployment ${plan.body.name} (source ${plan.body.source})…`);
        const sent = plan.body.source_config.deployment_type ?? undefined;
        deployment = (await (0,safe_writes/* createOnce */.Ur)(plan.body, run.writeDeps()).catch((error) => {
            throw (0,deployment_type/* deploymentTypeRefusal */.G9)(error, sent) ?? error;
        })).deployment;
        run.known.created = true;
    }
    else {
        deployment = existing;
    }
    run.found(deployment);
    let revisionBefore = plan.kind === 'create' ? null : deployment.latest_revision_id;
    if (plan.sourcePatch && archive) {
        revisionBefore = deployment.latest_revision_id;
        deployment = await uploadAndPatch(run, deployment, plan.sourcePatch, archive);
    }
    else if (plan.kind === 'update' && plan.body) {
        io.info(`Updating deployment ${deployment.name} (${deployment.id})…`);
        deployment = (await (0,safe_writes/* patchOnce */.KQ)(deployment.id, plan.body, revisionBefore, run.writeDeps()))
            .deployment;
    }
    const revisionId = deployment.latest_revision_id;
    if (!revisionId || revisionId === revisionBefore) {
        throw new Error(`The service accepted the ${plan.kind} of ${deployment.name} (${deployment.id}) but reports no new revision (latest revision: ${revisionId ?? 'none'}). Check the deployment on the service before running again.`);
    }
    run.known.revisionId = revisionId;
    const createdWith = plan.kind === 'create' && !plan.sourcePatch;
    io.info(`Revision ${revisionId} ${createdWith ? 'created with the deployment' : 'created by the update'}.`);
    return { deployment, revisionId };
}
async function uploadAndPatch(run, deployment, sourcePatch, archive) {
    const { client, io } = run.deps;
    const upload = await client.createUploadUrl(deployment.id, run.call);
    io.info(`Uploading the source tarball (${(0,bytes/* formatBytes */.z)(archive.bytes)})…`);
    await client.uploadFile(upload.upload_url, archive, run.call);
    io.info(`Updating deployment ${deployment.name} (${deployment.id}) with the uploaded source…`);
    const patch = sourcePatch(upload.object_path);
    return (await (0,safe_writes/* patchOnce */.KQ)(deployment.id, patch, deployment.latest_revision_id, run.writeDeps()))
        .deployment;
}
async function notWaiting(run, deploymentId, revisionId) {
    const revision = await run.deps.client.getRevision(deploymentId, revisionId, run.call);
    (0,revision_outcome/* statusSeen */.yo)(run, revisionId, revision.status);
    return run.finish('revision-created', `Revision ${revisionId} of ${run.target} exists (status ${revision.status}); not waiting for it (wait: false).`);
}

// EXTERNAL MODULE: ./src/inputs/problems.ts
var problems = __webpack_require__(8925);
// EXTERNAL MODULE: ./src/lib/ids.ts
var ids = __webpack_require__(829);
;// CONCATENATED MODULE: ./src/operations/promote.ts









/**
 * `operation: promote`: deploys to the target exactly what `from-deployment` serves now. Both
 * deployments and the source's active revision are read before anything is written; the PATCH
 * (sent at most once) carries that revision's image, tarball or ref; then the run waits like a
 * deploy. For git_host the commit the new revision was built from is read from the wait's last
 * read of it (DEPLOYED); the commit check after DEPLOYED (../after-deploy/commit-check.ts) judges
 * it. Ends in a result, never throws.
 */
async function promote(config, deps) {
    const run = new deploy_run/* DeployRun */.j(config, deps);
    try {
        const target = await readTarget(run);
        const from = await readSource(run, target);
        const planned = planPromotion(config, target, from.deployment, from.revision);
        const promotion = {
            fromDeploymentId: from.deployment.id,
            fromDeploymentName: from.deployment.name,
            fromRevisionId: from.revision.id,
            source: from.deployment.source,
            promoted: planned.promoted,
            fromCommit: planned.fromCommit
        };
        run.known.promotion = promotion;
        planned.plan.notices.forEach((notice) => deps.io.notice(notice));
        const byTag = imageByTag(promotion, run.target);
        if (byTag)
            deps.io.warning(byTag);
        const stepsPlan = await run.beforeWrite({ deployment: target, name: target.name });
        if (config.dryRun)
            return promote_dryRun(run, planned, target, stepsPlan);
        deps.io.redeploying?.(from.revision.id, planned.fromCommit);
        const revisionId = await patchTarget(run, planned, target);
        const { result: waited, lastRead } = await (0,revision_outcome/* waitForOutcome */.rf)(run, target, revisionId);
        if (waited.outcome !== 'deployed')
            return waited;
        // What the new revision was built from; the commit check after DEPLOYED judges it.
        promotion.commit = lastRead?.source_revision_config?.repo_commit_sha ?? undefined;
        const runs = promotion.fromCommit !== undefined && promotion.commit !== promotion.fromCommit
            ? ''
            : ` It runs ${what(promotion)}, promoted from revision ${promotion.fromRevisionId} of ${promotion.fromDeploymentName}.`;
        return { ...waited, promotion, message: `${waited.message}${runs}` };
    }
    catch (error) {
        return (0,revision_outcome/* endedByError */.Qr)(run, error);
    }
}
/**
 * The deployment promoted to, which must exist: a promote copies what serves, not how a
 * deployment is set up (its type, listener, integration), so it never creates one.
 */
async function readTarget(run) {
    const { config, deps } = run;
    const target = await (0,operations_target/* findTarget */.FB)(config, deps.client, run.call, true);
    if (!target) {
        const input = config.deploymentId === undefined ? 'name' : 'deployment-id';
        throw new problems/* InputError */.d([
            {
                input,
                message: `there is no deployment ${config.deploymentId ?? (0,operations_target/* named */.KT)(config)} to promote to. A promote never creates one (it copies what serves, not how a deployment is set up): create it first with operation deploy.`
            }
        ]);
    }
    run.found(target);
    if (target.active_revision_id)
        run.servedBefore(target.active_revision_id);
    return target;
}
/** `from-deployment` (by id when it is a UUID, else or then by name) and the revision it serves. */
async function readSource(run, target) {
    const { client } = run.deps;
    const wanted = run.config.fromDeployment;
    const refuse = (message) => {
        throw new problems/* InputError */.d([{ input: 'from-deployment', message }]);
    };
    const deployment = (ids/* UUID */.k.test(wanted) ? await byIdOrAbsent(run, wanted) : undefined) ??
        (await client.findDeploymentByName(wanted, run.call)) ??
        refuse(`there is no deployment ${wanted} (by id or by name) to promote from`);
    const fromName = `${deployment.name} (${deployment.id})`;
    if (deployment.id === target.id) {
        refuse(`${fromName} is the deployment promoted to: a promote goes from one deployment to another`);
    }
    const active = deployment.active_revision_id ||
        refuse(`${fromName} serves no revision (no active_revision_id): there is nothing to promote`);
    const revision = await client.getRevision(deployment.id, active, run.call);
    if (revision.status !== 'DEPLOYED') {
        refuse(`the revision ${active} that ${fromName} names as active is ${revision.status}, not DEPLOYED: only what serves is promoted`);
    }
    run.deps.io.info(`Promoting revision ${revision.id} of ${fromName} to ${run.target} (source ${deployment.source}).`);
    return { deployment, revision };
}
async function byIdOrAbsent(run, id) {
    return run.deps.client.getDeployment(id, run.call).catch((error) => {
        if (error instanceof errors/* HttpStatusError */.F9 && error.status === 404)
            return undefined;
        throw error;
    });
}
function promote_dryRun(run, planned, target, 
/** The steps' plan, logged when they read it: the summary shows it after the request's. */
stepsPlan) {
    const planLines = describePlan(planned.plan, { name: target.name, id: target.id });
    planLines.forEach((line) => run.deps.io.info(line));
    const promotion = run.known.promotion;
    return {
        ...run.finish('dry-run', `Dry run: ${run.target} would get ${what(promotion)} from revision ${promotion.fromRevisionId} of ${promotion.fromDeploymentName}. Nothing was sent that changes state.`),
        planLines: [...planLines, ...stepsPlan]
    };
}
/** Sends the PATCH at most once (safe-writes.ts); returns the revision it created. */
async function patchTarget(run, planned, target) {
    const { io } = run.deps;
    const body = planned.plan.body ?? {};
    io.info(`Updating deployment ${target.name} (${target.id}) with ${what(run.known.promotion)}…`);
    const revisionBefore = target.latest_revision_id;
    const { deployment } = await (0,safe_writes/* patchOnce */.KQ)(target.id, body, revisionBefore, run.writeDeps());
    const revisionId = deployment.latest_revision_id;
    if (!revisionId || revisionId === revisionBefore) {
        throw new Error(`The service accepted the update of ${target.name} (${target.id}) but reports no new revision (latest revision: ${revisionId ?? 'none'}). Check the deployment on the service before running again.`);
    }
    run.known.revisionId = revisionId;
    io.info(`Revision ${revisionId} created by the promote.`);
    return revisionId;
}
/** An image named by its digest (`@sha256:…`): exactly one build, wherever it is pulled. */
const DIGEST = /@sha256:[0-9a-f]{64}$/i;
/**
 * The warning for an image promoted by tag: a tag may move (pushed again, or retagged by the
 * registry), so the target may not run the build that was verified. A digest is exact.
 */
function imageByTag(promotion, target) {
    if (promotion.source !== 'external_image' && promotion.source !== 'internal_image')
        return;
    if (DIGEST.test(promotion.promoted))
        return;
    return `${promotion.fromDeploymentName} serves image ${promotion.promoted}, named by a tag: the tag may have moved since that image was verified, or move later, so ${target} may not run the same build. Deploy images by digest (image@sha256:…) to promote exactly what was verified.`;
}
/** "image X", "ref R (commit C)" or "tarball T", for people. */
function what(promotion) {
    if (!promotion)
        return 'what the source serves';
    switch (promotion.source) {
        case 'git_host':
            return `ref ${promotion.promoted} (commit ${promotion.fromCommit ?? '?'})`;
        case 'internal_source':
            return `source tarball ${promotion.promoted}`;
        default:
            return `image ${promotion.promoted}`;
    }
}

// EXTERNAL MODULE: ./src/lib/duration.ts
var duration = __webpack_require__(2543);
;// CONCATENATED MODULE: ./src/operations/prune.ts



/**
 * operation prune: every deployment whose name starts with `prune-prefix` (all pages of the
 * name filter) that is stale by a criterion is deleted, one by one; a table says which and why.
 * A deployment gone meanwhile is no error; a failed delete fails the step once every other delete
 * was tried. Never touches a name that does not start with the prefix.
 */
async function prunePreviews(config, deps) {
    const { io, signal } = deps;
    const now = deps.clock.now;
    const call = { deadline: deps.deadline.at, signal };
    const finish = (outcome, message, rows) => ({
        outcome,
        message,
        created: false,
        statusesSeen: [],
        elapsedMs: now() - deps.deadline.startedAt,
        pruneRows: rows
    });
    const criteria = config.prune;
    let rows = [];
    // Previews kept because GitHub could not say whether their pull request is closed: said at the
    // end, so "could not tell" never reads as "not stale".
    const undecided = [];
    try {
        const named = await deps.client.listDeployments(criteria.prefix, call);
        // The service's filter is a substring match: only names that start with the prefix count.
        const candidates = named.filter((deployment) => deployment.name.startsWith(criteria.prefix));
        rows = await staleRows(candidates, criteria, deps, undecided);
        io.info(`${candidates.length} deployment${candidates.length === 1 ? '' : 's'} named ${criteria.prefix}…; ${rows.length} stale.`);
        pruneTable(rows).forEach((line) => io.info(line));
        if (config.dryRun) {
            return finish('dry-run', `Dry run: ${rows.length} deployment${rows.length === 1 ? '' : 's'} would be deleted. Nothing was sent that changes state.`, rows);
        }
        for (const row of rows) {
            if (signal?.aborted)
                break;
            row.result = await deleteOne(row, config.deleteTracingProject, deps, call);
            io.info(`${row.name} (${row.id}): ${row.failure ? `failed: ${row.failure}` : row.result}`);
        }
    }
    catch (error) {
        if (signal?.aborted)
            return finish('cancelled', cancelledMessage(rows), rows);
        return finish('error', (0,operations_target/* withHint */.mu)(error), rows);
    }
    if (signal?.aborted)
        return finish('cancelled', cancelledMessage(rows), rows);
    const failed = rows.filter((row) => row.result === 'failed');
    const kept = undecided.length > 0
        ? ` Kept, since the state of their pull request could not be read: ${undecided.join(', ')}.`
        : '';
    const summary = `${pruneSummary(rows, config.deleteTracingProject)}${kept}`;
    if (failed.length > 0) {
        const each = failed.map((row) => `\n  - ${row.name} (${row.id}): ${row.failure ?? ''}`);
        return finish('error', `${failed.length} of ${rows.length} deletes failed; every other one was tried. ${summary}${each.join('')}`, rows);
    }
    return finish('pruned', summary, rows);
}
/** The stale ones among the candidates, each with its reason; oldest update first. */
async function staleRows(candidates, criteria, deps, undecided) {
    const rows = [];
    for (const deployment of candidates) {
        const pullRequest = pullRequestOf(deployment.name, criteria.prefix);
        const reason = staleByAge(deployment, criteria, deps.clock.now()) ??
            (criteria.closedPullRequests && pullRequest !== undefined
                ? await staleByPullRequest(pullRequest, deps, () => undecided.push(deployment.name))
                : undefined);
        if (reason === undefined)
            continue;
        rows.push({
            name: deployment.name,
            id: deployment.id,
            updatedAt: deployment.updated_at ?? undefined,
            reason,
            pullRequest,
            result: 'would delete'
        });
    }
    const updated = (row) => Date.parse(row.updatedAt ?? '') || 0;
    return rows.sort((a, b) => updated(a) - updated(b) || a.name.localeCompare(b.name));
}
/** The number that ends a name made of the prefix and a pull request's number. */
function pullRequestOf(name, prefix) {
    const rest = name.slice(prefix.length);
    return name.startsWith(prefix) && /^[1-9]\d{0,9}$/.test(rest) ? Number(rest) : undefined;
}
function staleByAge(deployment, criteria, now) {
    if (criteria.olderThanMs === undefined)
        return undefined;
    const updatedAt = Date.parse(deployment.updated_at ?? '');
    // A deployment without a readable update time is never judged old.
    if (!Number.isFinite(updatedAt))
        return undefined;
    const age = now - updatedAt;
    return age > criteria.olderThanMs
        ? `not updated for ${(0,duration/* formatDuration */.a)(age)} (prune-older-than ${(0,duration/* formatDuration */.a)(criteria.olderThanMs)})`
        : undefined;
}
async function staleByPullRequest(pullRequest, deps, couldNotTell) {
    if (!deps.pullRequestState)
        return undefined;
    try {
        const state = await deps.pullRequestState(pullRequest);
        return state === 'closed' ? `pull request #${pullRequest} is closed` : undefined;
    }
    catch (error) {
        couldNotTell();
        deps.io.warning(`Pull request #${pullRequest} could not be read, so its preview is kept: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
    }
}
async function deleteOne(row, deleteTracingProject, deps, call) {
    try {
        await deps.client.deleteDeployment(row.id, { deleteTracingProject }, call);
        return 'deleted';
    }
    catch (error) {
        // Deleted meanwhile (another run, a person): the wanted end state.
        if (error instanceof errors/* HttpStatusError */.F9 && error.status === 404)
            return 'already gone';
        if (deps.signal?.aborted)
            throw error;
        row.failure = (0,operations_target/* withHint */.mu)(error);
        return 'failed';
    }
}
function deletedNames(rows) {
    return rows.filter((row) => row.result === 'deleted').map((row) => row.name);
}
function pruneSummary(rows, deleteTracingProject) {
    const deleted = rows.filter((row) => row.result === 'deleted').length;
    const gone = rows.filter((row) => row.result === 'already gone').length;
    if (rows.length === 0)
        return 'No stale deployment: nothing was deleted.';
    const tracing = deleteTracingProject
        ? ', with their tracing projects'
        : '; their tracing projects are kept (delete-tracing-project: true deletes them too)';
    const goneText = gone > 0 ? ` ${gone} had already gone.` : '';
    return `Deleted ${deleted} stale deployment${deleted === 1 ? '' : 's'}${tracing}.${goneText}`;
}
function cancelledMessage(rows) {
    return `Cancelled after deleting ${deletedNames(rows).length} of ${rows.length} stale deployments; the rest were not tried.`;
}
/** The table of the log: name, last update, why, and what became of it. */
function pruneTable(rows) {
    if (rows.length === 0)
        return [];
    const table = [
        ['name', 'last update', 'why', 'result'],
        ...rows.map((row) => [
            row.name,
            row.updatedAt ?? '?',
            row.reason,
            row.failure ? `${row.result}: ${row.failure.split('\n')[0] ?? ''}` : row.result
        ])
    ];
    const widths = [0, 1, 2].map((column) => Math.max(...table.map((cells) => (cells[column] ?? '').length)));
    return table.map((cells) => cells
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd());
}

// EXTERNAL MODULE: ./src/operations/rollback.ts + 1 modules
var rollback = __webpack_require__(1996);
;// CONCATENATED MODULE: ./src/operations/runs.ts
// The operations' runs in one module, loaded on first use by the operation table: one chunk, so
// the toolkit they share (deploy-run.ts, revision-outcome.ts) is bundled once.







/***/ })

};

//# sourceMappingURL=689.index.js.map