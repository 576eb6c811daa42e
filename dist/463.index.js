export const id = 463;
export const ids = [463];
export const modules = {

/***/ 6463:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   githubFetch: () => (/* binding */ githubFetch)
/* harmony export */ });
/* harmony import */ var _actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8665);

// A module of its own: the real world loads the fetch of GitHub's calls on its own, and only
// this (not the client's other code, which the GitHub records' chunk holds) then comes twice.
/** The fetch @actions/github would use (through the runner's proxy settings), else Node's. */
function githubFetch() {
    const proxied = _actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_0__/* .defaults */ .NT.request?.fetch;
    return proxied ?? fetch;
}


/***/ })

};

//# sourceMappingURL=463.index.js.map