export const id = 67;
export const ids = [67];
export const modules = {

/***/ 9448:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   deploy: () => (/* binding */ deploy)
/* harmony export */ });
/* harmony import */ var _lib_bytes__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(9792);
/* harmony import */ var _lib_url__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5194);
/* harmony import */ var _deploy_run__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7995);
/* harmony import */ var _plan__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8543);
/* harmony import */ var _plan_description__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2204);
/* harmony import */ var _revision_outcome__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5140);
/* harmony import */ var _safe_writes__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(582);
/* harmony import */ var _target__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9325);








/**
 * The deploy operation: look the deployment up, create or patch it, wait for the revision this
 * run created, read the URL. What must be said at once is reported as soon as it is known. Expected endings (failed,
 * superseded, timeout, cancelled) and errors (HTTP, inputs a create needs) all end in a result that
 * holds what was known when it ended; nothing is thrown.
 */
async function deploy(config, deps) {
    const run = new _deploy_run__WEBPACK_IMPORTED_MODULE_1__/* .DeployRun */ .j(config, deps);
    let archive;
    try {
        archive = await packSourceDir(run);
        const existing = await (0,_target__WEBPACK_IMPORTED_MODULE_6__/* .findTarget */ .FB)(config, deps.client, run.call);
        if (existing)
            run.found(existing);
        if (existing?.active_revision_id)
            run.servedBefore(existing.active_revision_id);
        const urlBefore = (0,_lib_url__WEBPACK_IMPORTED_MODULE_0__/* .checkHttpUrl */ .O)(existing?.source_config.custom_url ?? '');
        if ('url' in urlBefore)
            run.known.servedBeforeUrl = urlBefore.url;
        const plan = (0,_plan__WEBPACK_IMPORTED_MODULE_2__/* .planDeployment */ .HN)(config, existing);
        plan.notices.forEach((notice) => deps.io.notice(notice));
        await deps.beforeWrite?.({
            deploymentId: existing?.id,
            deploymentName: existing?.name ?? config.name ?? '',
            previousRevisionId: existing?.active_revision_id ?? undefined,
            deploymentUrl: existing?.source_config.custom_url ?? undefined
        });
        if (config.dryRun)
            return dryRun(run, plan, existing, archive);
        const { deployment, revisionId } = await writeRevision(run, plan, existing, archive);
        if (!config.wait)
            return await notWaiting(run, deployment.id, revisionId);
        return (await (0,_revision_outcome__WEBPACK_IMPORTED_MODULE_4__/* .waitForOutcome */ .rf)(run, deployment, revisionId)).result;
    }
    catch (error) {
        return (0,_revision_outcome__WEBPACK_IMPORTED_MODULE_4__/* .endedByError */ .Qr)(run, error);
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
        signal: run.deps.signal
    });
    io.info(`Packed ${archive.files.length} files into ${(0,_lib_bytes__WEBPACK_IMPORTED_MODULE_7__/* .formatBytes */ .z)(archive.bytes)}.`);
    if (archive.skipped.length > 0) {
        const more = archive.skipped.length > 10 ? ` and ${archive.skipped.length - 10} more` : '';
        io.notice(`Left out of the source tarball (links, or paths outside source-dir): ${archive.skipped.slice(0, 10).join(', ')}${more}`);
    }
    if (archive.bytes > sourceArchive.WARN_ARCHIVE_BYTES) {
        io.notice(`The source tarball is ${(0,_lib_bytes__WEBPACK_IMPORTED_MODULE_7__/* .formatBytes */ .z)(archive.bytes)}; above ${(0,_lib_bytes__WEBPACK_IMPORTED_MODULE_7__/* .formatBytes */ .z)(sourceArchive.WARN_ARCHIVE_BYTES)} uploads and builds get slow. Leave build output and data out with .gitignore.`);
    }
    return archive;
}
function dryRun(run, plan, existing, archive) {
    const planLines = (0,_plan_description__WEBPACK_IMPORTED_MODULE_3__/* .describePlan */ .d)(plan, { name: existing?.name ?? (0,_target__WEBPACK_IMPORTED_MODULE_6__/* .named */ .KT)(run.config) }, archive);
    planLines.forEach((line) => run.deps.io.info(line));
    const what = plan.kind === 'create'
        ? `${plan.body.name} does not exist and would be created`
        : `${run.target} would be updated`;
    return {
        ...run.finish('dry-run', `Dry run: ${what}. Nothing was sent that changes state.`),
        planLines
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
        deployment = (await (0,_safe_writes__WEBPACK_IMPORTED_MODULE_5__/* .createOnce */ .Ur)(plan.body, run.writeDeps())).deployment;
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
        deployment = (await (0,_safe_writes__WEBPACK_IMPORTED_MODULE_5__/* .patchOnce */ .KQ)(deployment.id, plan.body, revisionBefore, run.writeDeps()))
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
    io.info(`Uploading the source tarball (${(0,_lib_bytes__WEBPACK_IMPORTED_MODULE_7__/* .formatBytes */ .z)(archive.bytes)})…`);
    await client.uploadFile(upload.upload_url, archive, run.call);
    io.info(`Updating deployment ${deployment.name} (${deployment.id}) with the uploaded source…`);
    const patch = sourcePatch(upload.object_path);
    return (await (0,_safe_writes__WEBPACK_IMPORTED_MODULE_5__/* .patchOnce */ .KQ)(deployment.id, patch, deployment.latest_revision_id, run.writeDeps()))
        .deployment;
}
async function notWaiting(run, deploymentId, revisionId) {
    const revision = await run.deps.client.getRevision(deploymentId, revisionId, run.call);
    (0,_revision_outcome__WEBPACK_IMPORTED_MODULE_4__/* .statusSeen */ .yo)(run, revisionId, revision.status);
    return run.finish('revision-created', `Revision ${revisionId} of ${run.target} exists (status ${revision.status}); not waiting for it (wait: false).`);
}


/***/ }),

/***/ 2204:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   d: () => (/* binding */ describePlan)
/* harmony export */ });
/* harmony import */ var _control_plane_client__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5319);
/* harmony import */ var _plan__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8543);
/* harmony import */ var _lib_bytes__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9792);



/**
 * The plan for people (dry-run): the requests, each field that would be sent, and which fields
 * create a revision. Secret values are shown as `***`.
 */
function describePlan(plan, target, archive) {
    const lines = [];
    if (plan.kind === 'create') {
        lines.push(`Would create deployment ${target.name} (source ${plan.body.source}): POST ${_control_plane_client__WEBPACK_IMPORTED_MODULE_0__/* .controlPlanePaths */ .oH.deployments()}`);
        lines.push(...fieldLines(plan.body, false));
        lines.push(plan.sourcePatch
            ? '  (creates the deployment without a revision)'
            : '  (creates the deployment and its first revision)');
    }
    const deploymentPath = plan.kind === 'update'
        ? _control_plane_client__WEBPACK_IMPORTED_MODULE_0__/* .controlPlanePaths */ .oH.deployment(plan.deploymentId)
        : _control_plane_client__WEBPACK_IMPORTED_MODULE_0__/* .controlPlanePaths */ .oH.newDeployment();
    const uploadPath = plan.kind === 'update'
        ? _control_plane_client__WEBPACK_IMPORTED_MODULE_0__/* .controlPlanePaths */ .oH.uploadUrl(plan.deploymentId)
        : _control_plane_client__WEBPACK_IMPORTED_MODULE_0__/* .controlPlanePaths */ .oH.newDeploymentUploadUrl();
    if (plan.sourcePatch) {
        const packed = archive
            ? ` (${archive.files.length} files, ${(0,_lib_bytes__WEBPACK_IMPORTED_MODULE_2__/* .formatBytes */ .z)(archive.bytes)} packed)`
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
        const creates = markRevisions && _plan__WEBPACK_IMPORTED_MODULE_1__/* .REVISION_FIELDS */ .It.includes(field)
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


/***/ }),

/***/ 8543:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HN: () => (/* binding */ planDeployment),
/* harmony export */   It: () => (/* binding */ REVISION_FIELDS),
/* harmony export */   z: () => (/* binding */ planPromotion)
/* harmony export */ });
/* unused harmony export createsRevision */
/* harmony import */ var _inputs_git_ref__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6905);
/* harmony import */ var _inputs_parse__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5035);


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
        throw new _inputs_parse__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz([
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
        const buildOnPush = config.buildOnPush ?? ((0,_inputs_git_ref__WEBPACK_IMPORTED_MODULE_1__/* .isTagRef */ .kN)(config.repoRef) ? false : undefined);
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
        throw new _inputs_parse__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz(problems);
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
        throw new _inputs_parse__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz([
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
        else if ((0,_inputs_git_ref__WEBPACK_IMPORTED_MODULE_1__/* .isTagRef */ .kN)(config.repoRef) && existing.source_config.build_on_push === true) {
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
        throw new _inputs_parse__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz([
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
        throw new _inputs_parse__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz([{ input: 'from-deployment', message }]);
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
                if ((0,_inputs_git_ref__WEBPACK_IMPORTED_MODULE_1__/* .isTagRef */ .kN)(promoted)) {
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


/***/ })

};

//# sourceMappingURL=67.index.js.map