/** The CLI's help text: every command, its options and its exit codes. */
export const USAGE = `Usage: grant-desk lint [--format text|json|sarif] [--check-links] <draft.md | folder> …
       grant-desk review [--format text|json] [--require-approval] [--policy file.yaml] <draft.md | folder> …
       grant-desk export [--format html] [-o file.html] <draft.md>
       grant-desk sync [folder]
       grant-desk import [--grant draft.md] [-o out.md] <file.docx | file.html | file.md>
       grant-desk rules
       grant-desk --version

lint    checks Grant Desk drafts against the pitch guidance; a folder is searched for .md files.
        A draft with review records (<draft-id>.reviews/ beside it) is also checked for open
        review threads and for a teammate's approval of the text as it is now.
        Exit code: 0 nothing to fix, 1 a finding marked "Must fix", 2 usage or read failure.
        Silence a rule in a draft with <!-- checklist-disable rule-id --> (see rules).
        --check-links asks every http(s) link of the pitch and fields (HEAD, then GET; up to
        5 redirects; 10 s per link; 4 at a time, 2 per host): a 404 or 410, an unknown host
        or a refused connection is a warning at the link, and the link counts for no
        evidence; a timeout, a 5xx, a 429 or a dropped connection is a note. Answers are kept
        for a day (in GRANT_DESK_DATA, or the user's cache folder, grant-desk/). Without the
        flag no link is asked.
review  lists each draft's team review: every thread with where it sits now (a line, a field,
        the whole draft, or outdated when the quoted text is gone), its author, state, replies
        and suggestion; each reviewer's latest verdict; record files that cannot be read.
        A folder is searched for drafts (.md files with front matter).
        --format json prints an array with one object per draft (its shape is in the README).
        --require-approval exits 1 unless every draft is approved as the team's review
        policy asks (.grant-desk.yaml in the drafts' folder or above it, up to the git
        repository's root; default: one approval by someone who is not an author), on its
        text as it is now, with no open threads and no review record or policy file that
        cannot be read. Each draft that is not is named on stderr, with why. In a git work
        tree, a review record that was committed and is now missing, renamed or changed
        (in a commit or in the work tree) fails it too, naming the file and the commits;
        a shallow clone fails it (fetch the full history: fetch-depth: 0).
        --policy file.yaml uses that policy file instead (a CI job can take it from the
        protected branch, so a pull request cannot loosen its own gate).
        Exit code: 0, 1 (only with --require-approval), 2 usage or read failure.
export  makes a review copy of one draft for a reviewer without Grant Desk: one HTML file to
        read, print and annotate, with the grant, the pitch, the fields, the checklist's
        findings and the open review threads (from <draft-id>.reviews/ beside it) as numbered
        notes. It runs no script and loads nothing. The sponsor is not in the draft file, so
        it is left out. html is the only format (and the default).
        -o, --output file.html writes the copy there (atomically); otherwise it goes to stdout.
        Exit code: 0, 2 usage, read or write failure.
sync    syncs a drafts folder kept in git with the team, as the app's Sync does: commits the
        folder's drafts and review records (nothing else of the repository) with your git
        identity, pulls with a merge, pushes. Runs from a terminal or a scheduled job; git's
        credentials (SSH agent, credential helper) are used as they are, never asked for.
        The folder is the one you are in unless named. Only the drafts directly in it are
        synced; run where they are one folder down, it names that folder.
        Exit code: 0 synced, 1 a conflict to resolve in the app or a pull or push that failed
        (nothing lost: what was committed stays committed and goes with the next sync),
        2 usage, a folder not in a git repository, or no git.
import  turns a proposal written elsewhere into Markdown: a Word or Google Docs .docx, an
        .html export or another tool's .md, with its headings, lists, links and tables.
        Images are not brought in (each leaves an [Image] mark; upload and link them); a
        .md file's front matter is kept at the end, in a yaml block. Notes go to stderr.
        --grant draft.md makes a whole new draft for that draft's grant (its front matter).
        -o, --output out.md writes a new file (never over an existing one); else stdout.
        Files over 10 MB, a .docx whose zip would expand past 100 MB (a zip bomb) and a
        file that is not what its name says are refused.
        Exit code: 0, 2 usage, a file that cannot be imported, or a write failure.
rules   lists every rule: id, severity, what it checks.`
