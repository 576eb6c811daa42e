export const id = 253;
export const ids = [253];
export const modules = {

/***/ 6253:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   parseResourceSpec: () => (/* binding */ parseResourceSpec)
/* harmony export */ });
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8815);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2857);


/** CPU values are sent rounded to one decimal, as the service rounds them (api.md 2.5). */
const roundedCpu = (min, max) => zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()
    .transform((value) => Math.round(value * 10) / 10)
    .refine((value) => min === undefined || max === undefined ? value > 0 : value >= min && value <= max, {
    message: min === undefined
        ? 'must be a positive number of cores'
        : `must be from ${min} to ${max} cores`
})
    .nullish();
const requestCpu = roundedCpu(0.1, 8);
const limitCpu = roundedCpu(0.1, 16);
const count = zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int('must be a whole number').min(0, 'must be 0 or more').nullish();
const megabytes = zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()
    .int('must be a whole number of MB')
    .min(1, 'must be at least 1')
    .nullish();
const stringMap = zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP('must be a string')).nullish();
const freeForm = zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J()).nullish();
const stringList = zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).nullish();
const volumeMount = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    name: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    mountPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    subPath: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullish(),
    mountPropagation: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullish(),
    readOnly: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().nullish(),
    subPathExpr: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullish()
});
const volume = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    name: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    configMap: freeForm,
    secret: freeForm,
    emptyDir: freeForm,
    persistentVolumeClaim: freeForm,
    nfs: freeForm,
    projected: freeForm,
    downwardAPI: freeForm,
    csi: freeForm
});
const container = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    name: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    image: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    imagePullPolicy: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(['Always', 'Never', 'IfNotPresent']).nullish(),
    command: stringList,
    args: stringList,
    workingDir: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullish(),
    env: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
        name: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a C identifier'),
        value: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullish(),
        valueFrom: freeForm
    }))
        .nullish(),
    envFrom: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .unknown */ .L5J())).nullish(),
    resources: zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({ limits: stringMap, requests: stringMap }).nullish(),
    volumeMounts: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(volumeMount).nullish(),
    securityContext: freeForm,
    restartPolicy: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(['Always', 'OnFailure']).nullish()
});
/** The fields api.md 2.5 marks as not to be used. */
const NOT_TO_BE_USED = [
    'orchestrator_cpu',
    'orchestrator_cpu_limit',
    'orchestrator_memory_mb',
    'orchestrator_memory_limit_mb',
    'orchestrator_min_scale',
    'orchestrator_max_scale',
    'executor_cpu',
    'executor_cpu_limit',
    'executor_memory_mb',
    'executor_memory_limit_mb'
];
const resourceSpecSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({
    min_scale: count,
    max_scale: count,
    cpu: requestCpu,
    cpu_limit: limitCpu,
    memory_mb: megabytes,
    memory_limit_mb: megabytes,
    queue_min_scale: count,
    queue_max_scale: count,
    queue_cpu: requestCpu,
    queue_cpu_limit: limitCpu,
    queue_memory_mb: megabytes,
    queue_memory_limit_mb: megabytes,
    cache_cpu: requestCpu,
    cache_cpu_limit: limitCpu,
    cache_memory_mb: megabytes,
    cache_memory_limit_mb: megabytes,
    db_cpu: roundedCpu(),
    db_cpu_limit: roundedCpu(),
    db_memory_mb: megabytes,
    db_memory_limit_mb: megabytes,
    db_storage_gi: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()
        .int('must be a whole number of GiB')
        .min(1, 'must be at least 1')
        .nullish(),
    db_max_connections: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig()
        .int('must be a whole number')
        .min(1, 'must be at least 1')
        .nullish(),
    labels: stringMap,
    annotations: stringMap,
    service_account_name: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullish(),
    image_pull_secrets: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .strictObject */ .rej({ name: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP() })).nullish(),
    volumes: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(volume).nullish(),
    volume_mounts: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(volumeMount).nullish(),
    init_containers: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(container).nullish(),
    sidecars: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(container).nullish()
});
/**
 * Parses the `resource-spec` input (YAML or JSON; JSON is YAML) into the ResourceSpec the service
 * takes. Problems name the key (`cpu: must be from 0.1 to 8 cores`).
 */
function parseResourceSpec(text) {
    let document;
    try {
        document = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .parse */ .qg)(text);
    }
    catch (error) {
        const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
        return { problems: [`is not valid YAML or JSON: ${reason}`] };
    }
    if (typeof document !== 'object' || document === null || Array.isArray(document)) {
        return { problems: ['must be a mapping of ResourceSpec fields (for example "cpu: 1")'] };
    }
    const problems = prototypeKeys(document).map((where) => `key "${where}" is not allowed (it would reach the object prototype)`);
    if (problems.length > 0)
        return { problems };
    const allowed = {};
    for (const [key, value] of Object.entries(document)) {
        if (NOT_TO_BE_USED.includes(key))
            problems.push(`key "${key}" is not to be used (api.md 2.5)`);
        else
            allowed[key] = value;
    }
    const result = resourceSpecSchema.safeParse(allowed);
    if (!result.success) {
        for (const issue of result.error.issues) {
            if (issue.code === 'unrecognized_keys') {
                for (const key of issue.keys) {
                    const where = [...issue.path, key].join('.');
                    problems.push(`key "${where}" is not a ResourceSpec field`);
                }
            }
            else {
                problems.push(`${issue.path.join('.')}: ${issue.message}`);
            }
        }
    }
    if (problems.length > 0 || !result.success)
        return { problems };
    return { spec: result.data, problems };
}
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];
/**
 * Where `__proto__`, `constructor` or `prototype` is a key, at any depth, as dotted paths. The YAML
 * parser (and JSON.parse) keep `__proto__` as an own key; copying it into a plain object would set
 * the prototype instead and drop the key without a word.
 */
function prototypeKeys(value, path = []) {
    if (typeof value !== 'object' || value === null)
        return [];
    return Object.entries(value).flatMap(([key, inner]) => {
        const where = [...path, key];
        const here = PROTOTYPE_KEYS.includes(key) ? [where.join('.')] : [];
        return [...here, ...prototypeKeys(inner, where)];
    });
}


/***/ })

};

//# sourceMappingURL=253.index.js.map