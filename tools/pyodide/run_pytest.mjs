// Run pytest inside Pyodide under node (tests/test_pyodide.py calls this):
//     node tools/pyodide/run_pytest.mjs SITE_DIR TESTS_DIR [pytest arguments...]
// SITE_DIR holds the package's wheel and its pure-Python dependencies, unpacked; TESTS_DIR the test
// files.  Both are mounted into Pyodide's file system; the exit code is pytest's.
import { loadPyodide } from "pyodide";

const [site, tests, ...args] = process.argv.slice(2);
const pyodide = await loadPyodide();
for (const [host, where] of [[site, "/site"], [tests, "/tests"]]) {
  pyodide.FS.mkdirTree(where);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: host }, where);
}
pyodide.globals.set("ARGS", pyodide.toPy(args));
const code = pyodide.runPython(`
import os, sys
sys.path.insert(0, "/site")
os.chdir("/tests")
print("Python", sys.version.split()[0], "on", sys.platform)
import pytest
int(pytest.main(["-p", "no:cacheprovider", *ARGS]))
`);
process.exit(code);
