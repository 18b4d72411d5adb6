import groovy.json.JsonSlurper

// mvn fjdoctor:check alone on a multi-module build: no module was compiled, so Maven could not have
// resolved app's dependency on core; the plugin reads core's sources instead and resolves jsr166y itself.
def read = { module -> new JsonSlurper().parse(new File(basedir, module + '/target/fjdoctor/fjdoctor.json')) }

assert read('core').findings.isEmpty()
assert read('app').findings.collect { it.ruleId + ' ' + it.location.path + ':' + it.location.line + ' ' + it.severity } == [
        'copy-on-fork app/src/main/java/app/Sum.java:27 warning',
        'copy-on-fork app/src/main/java/app/Sum.java:28 warning',
        'sleepy-worker core/src/main/java/core/Throttle.java:11 error',
]
assert !new File(basedir, 'core/target/classes').exists(), 'nothing was compiled'

def log = new File(basedir, 'build.log').text
assert log.contains('fjdoctor: analyzing 1 source root(s) of app (with 1 of the modules it depends on), 1 classpath entries')
assert log.contains('fjdoctor: Java 17 (pom.xml at '), 'the level of each module, with where it comes from'
assert log.contains('BUILD SUCCESS')
return true
