export const id = 724;
export const ids = [724];
export const modules = {

/***/ 2724:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   readPolicySource: () => (/* binding */ readPolicySource)
/* harmony export */ });
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8815);
/* harmony import */ var _problems__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2467);
/**
 * The policy's YAML with every node's place kept: parse problems, duplicate keys and `${{ }}`
 * found on the tree, and any key path turned into a line and column.
 */


const EXPRESSION = /\$\{\{/;
function readPolicySource(text) {
    const lineCounter = new yaml__WEBPACK_IMPORTED_MODULE_0__/* .LineCounter */ .HN();
    // Duplicate keys are found below, with their key paths: the parser's own check names neither.
    const document = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .parseDocument */ .Tp)(text.replace(/^\uFEFF/, ''), {
        lineCounter,
        uniqueKeys: false,
        prettyErrors: false
    });
    const place = (offset) => {
        if (offset === undefined)
            return undefined;
        const { line, col } = lineCounter.linePos(offset);
        return { line, col };
    };
    const locate = (path, options = {}) => {
        const node = nodeAt(document, path, options.key ?? false);
        return place(node?.range?.[0]);
    };
    if (document.errors.length > 0) {
        return {
            value: undefined,
            locate,
            problems: document.errors.map((error) => ({
                // The parser's code in words, never its message: it may quote the text, and a file that
                // is not YAML at all (a named file of another kind) must not be shown.
                message: `is not valid YAML: ${error.code.toLowerCase().replace(/_/g, ' ')}`,
                path: [],
                ...place(error.pos[0])
            }))
        };
    }
    const problems = [];
    walk(document.contents, [], (node, path, isKey) => {
        if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isScalar */ .jn)(node) && typeof node.value === 'string' && EXPRESSION.test(node.value))
            problems.push({
                message: `${(0,_problems__WEBPACK_IMPORTED_MODULE_1__/* .keyPathText */ .Cm)(path) || 'the file'} holds a \${{ }} expression${isKey ? ' in a key' : ''}: the release policy is not a workflow, nothing in it is evaluated; write the value itself`,
                path,
                ...place(node.range?.[0])
            });
        if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isMap */ .jh)(node)) {
            const seen = new Map();
            for (const pair of node.items) {
                const name = keyName(pair.key);
                const keyNode = pair.key;
                const at = place(keyNode?.range?.[0]);
                if (seen.has(name))
                    problems.push({
                        message: `${(0,_problems__WEBPACK_IMPORTED_MODULE_1__/* .keyPathText */ .Cm)([...path, name])} is given twice (first on line ${seen.get(name)}); keep one`,
                        path: [...path, name],
                        ...at
                    });
                else
                    seen.set(name, at?.line);
            }
        }
    });
    let value;
    try {
        value = document.toJS({ maxAliasCount: 100 });
    }
    catch (error) {
        problems.push({
            message: `cannot be read as data: ${error instanceof Error ? error.message : String(error)}`,
            path: []
        });
    }
    return { value, problems, locate };
}
function keyName(key) {
    return (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isScalar */ .jn)(key) ? String(key.value) : String(key);
}
/** Every node of the tree with its key path (keys visited too: `${{` may hide in one). */
function walk(node, path, visit) {
    visit(node, path, false);
    if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isMap */ .jh)(node))
        for (const pair of node.items) {
            const name = keyName(pair.key);
            visit(pair.key, [...path, name], true);
            walk(pair.value, [...path, name], visit);
        }
    else if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isSeq */ .oP)(node))
        node.items.forEach((item, index) => walk(item, [...path, index], visit));
}
/** Each mapping's pairs by key name (the last of a duplicate), so a lookup is not a scan. */
const pairIndex = new WeakMap();
function pairsOf(node) {
    let index = pairIndex.get(node);
    if (index === undefined) {
        index = new Map(node.items.map((item) => [keyName(item.key), item]));
        pairIndex.set(node, index);
    }
    return index;
}
/** The node at a key path: the key's node when asked, else the value's (or the key's, for a null). */
function nodeAt(document, path, wantKey) {
    let node = document.contents;
    let keyNode;
    for (const part of path) {
        keyNode = undefined;
        if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isMap */ .jh)(node)) {
            const pair = pairsOf(node).get(String(part));
            if (!pair)
                return undefined;
            keyNode = pair.key;
            node = pair.value;
        }
        else if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isSeq */ .oP)(node) && typeof part === 'number') {
            node = node.items[part];
        }
        else
            return undefined;
    }
    const chosen = wantKey && keyNode !== undefined ? keyNode : (node ?? keyNode);
    return (chosen ?? undefined);
}


/***/ })

};

//# sourceMappingURL=724.index.js.map