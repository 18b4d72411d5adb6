import groovy.json.JsonSlurper

def read = { module -> new JsonSlurper().parse(new File(basedir, module + '/target/fjdoctor/fjdoctor.json')) }

// core alone has no task: nothing to report there.
assert read('core').findings.isEmpty()

// app's Sum is a task only through core's Divide (resolved on app's compile classpath), and its compute()
// calls into core's Throttle, whose sleep is reported with the call path from app's task; .fjdoctor.yml
// at the top makes that an error and the build not fail.
def app = read('app')
assert app.findings.collect { it.ruleId + ' ' + it.location.path + ':' + it.location.line + ' ' + it.severity } == [
        'copy-on-fork app/src/main/java/app/Sum.java:27 warning',
        'copy-on-fork app/src/main/java/app/Sum.java:28 warning',
        'sleepy-worker core/src/main/java/core/Throttle.java:11 error',
]
def sleep = app.findings.find { it.ruleId == 'sleepy-worker' }
assert sleep.related*.location*.path.contains('app/src/main/java/app/Sum.java')

assert !new File(basedir, 'target/fjdoctor').exists(), 'the parent has no sources to analyze'
def log = new File(basedir, 'build.log').text
assert log.contains('fjdoctor: no Java sources in multimodule')
assert log.contains('(with 1 of the modules it depends on)')
assert log.contains('BUILD SUCCESS')
return true
