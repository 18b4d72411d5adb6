// The project becomes a git repository of its own with everything committed; then one of the two
// copying lines is edited, so only its finding is on a line changed since HEAD.
def git(String... args) {
    def command = ['git', '-c', 'user.name=Test User', '-c', 'user.email=test@example.com',
                   '-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main'] + args.toList()
    def process = command.execute(null, basedir)
    def out = new StringBuilder()
    process.consumeProcessOutput(out, out)
    assert process.waitFor() == 0: "git ${args.join(' ')} failed: ${out}"
}

git('init', '-q')
git('add', '-A')
git('commit', '-q', '-m', 'initial')
def task = new File(basedir, 'src/main/java/demo/CopyingSum.java')
def edited = 'CopyingSum right = new CopyingSum(Arrays.copyOfRange(data, mid, data.length));'
assert task.text.contains(edited)
task.text = task.text.replace(edited, edited + ' // the right half')
return true
