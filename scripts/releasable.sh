#!/usr/bin/env bash
# Whether the commit a release tag names may be released: it is on the default branch (so it was
# reviewed and merged, not pushed to a side branch and tagged), and its CI passed there. Run by
# .github/workflows/release.yml in a clone with every branch fetched; exits 1 with an ::error::
# that says why when it may not, so that nothing is published.
#
# TAG             the release tag (v1.2.3)
# DEFAULT_BRANCH  the repository's default branch (main); origin/<it> must be fetched
# REQUIRED_CHECKS the check runs (job names) that must have passed on the commit, space-separated
# GITHUB_REPOSITORY, GITHUB_API_URL, GITHUB_TOKEN  where to read the commit's check runs and
#                 commit statuses (the token needs checks: read and statuses: read)
set -euo pipefail

refuse() {
  echo "::error::$TAG cannot be released: $1"
  exit 1
}

: "${TAG:?}" "${DEFAULT_BRANCH:?}" "${REQUIRED_CHECKS:?}" "${GITHUB_REPOSITORY:?}" "${GITHUB_TOKEN:?}"
api="${GITHUB_API_URL:-https://api.github.com}"

commit="$(git rev-parse --verify --quiet "refs/tags/$TAG^{commit}")" ||
  refuse "there is no tag $TAG in this clone."
branch="refs/remotes/origin/$DEFAULT_BRANCH"
git rev-parse --verify --quiet "$branch" > /dev/null ||
  refuse "the default branch $DEFAULT_BRANCH was not fetched (check out with fetch-depth: 0)."
git merge-base --is-ancestor "$commit" "$branch" ||
  refuse "its commit $commit is not on the default branch $DEFAULT_BRANCH. Tag a commit of $DEFAULT_BRANCH."

# GET from the GitHub API into $reply (in this shell, so that a refusal ends the script).
github() {
  reply="$(curl --silent --show-error --fail-with-body --location --max-time 30 --retry 3 \
    --header "Authorization: Bearer $GITHUB_TOKEN" \
    --header 'Accept: application/vnd.github+json' \
    --header 'X-GitHub-Api-Version: 2022-11-28' \
    "$api/repos/$GITHUB_REPOSITORY/$1" 2>&1)" ||
    refuse "GitHub did not answer GET /repos/$GITHUB_REPOSITORY/${1%%\?*}: ${reply:0:300}"
}

for name in $REQUIRED_CHECKS; do
  # The newest run of each check suite (filter=latest), so a re-run that passed counts.
  github "commits/$commit/check-runs?check_name=$(jq -rn --arg name "$name" '$name | @uri')&filter=latest&per_page=100"
  [ "$(jq -r '.check_runs | length' <<< "$reply")" -gt 0 ] ||
    refuse "the check $name has not run on $commit: wait for CI on $DEFAULT_BRANCH, then re-run this workflow."
  bad="$(jq -r '[.check_runs[] | select(.status != "completed" or .conclusion != "success")
    | .status + (if .conclusion then " (" + .conclusion + ")" else "" end)] | join(", ")' <<< "$reply")"
  [ -z "$bad" ] ||
    refuse "the check $name on $commit did not pass ($bad). Release only a commit whose CI passed: re-run this workflow once it has."
done

# Commit statuses (CI services other than Actions): when the commit has any, all must pass.
github "commits/$commit/status?per_page=100"
if [ "$(jq -r '.total_count' <<< "$reply")" -gt 0 ]; then
  state="$(jq -r '.state' <<< "$reply")"
  failing="$(jq -r '[.statuses[] | select(.state != "success") | .context + " (" + .state + ")"] | join(", ")' <<< "$reply")"
  [ "$state" = success ] ||
    refuse "the commit statuses of $commit are $state: $failing."
fi

echo "$TAG ($commit) is on $DEFAULT_BRANCH, and its checks passed: $REQUIRED_CHECKS."
