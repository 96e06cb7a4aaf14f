// The GWT compiler (strict: any source outside GWT's JRE emulation fails it) compiled and linked the module that
// inherits hudprof-api, and the JavaScript holds the api's own code (its error message for a bad statistic name).
def log = new File(basedir, 'build.log').text
assert log.contains('Compilation succeeded') : 'the GWT compiler did not compile the module; see build.log'
assert log.contains('Link succeeded') : 'the GWT compiler did not link the module; see build.log'
def dir = new File(basedir, 'target/war/webgame')
assert new File(dir, 'webgame.nocache.js').isFile() : 'no webgame.nocache.js in ' + dir
def scripts = dir.listFiles().findAll { it.name.endsWith('.cache.js') }
assert !scripts.isEmpty() : 'no compiled permutation in ' + dir
assert scripts.every { it.text.contains('Category/Name') } : 'the compiled JavaScript lacks hudprof-api code'
assert scripts.every { it.text.contains('leave out the alpha byte') } : 'the compiled JavaScript lacks the colour check'
return true
