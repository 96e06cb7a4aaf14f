// Both launches printed their line only after the HUD drew and the report held the game's zones (Lwjgl3Launcher);
// the report of the game marked through hudprof-api must be the report of the same game marked through core.
def log = new File(basedir, 'build.log').text
assert log.contains('[liftoff-game api] hudprof HUD drawn:') : 'the hudprof-api game did not print its line; see build.log'
assert log.contains('[liftoff-game core] hudprof HUD drawn:') : 'the core game did not print its line; see build.log'
assert log.contains('LWJGL 3.3.3') : 'the launcher must run on the LWJGL libGDX brings (3.3.3); see build.log'
assert !log.contains('NoClassDefFoundError') : 'a class was missing at run time; see build.log'
def api = new File(basedir, 'lwjgl3/target/report-api.txt').text
def core = new File(basedir, 'lwjgl3/target/report-core.txt').text
assert api.contains('physics') && api.contains('Spawns frame 2.0') : 'the game is missing from the report:\n' + api
assert api == core : 'the reports differ:\n--- hudprof-api ---\n' + api + '\n--- core ---\n' + core
return true
