// The game prints this line only after the HUD drew and its pixels were read back (see MinimalGame.java).
def log = new File(basedir, 'build.log').text
assert log.contains('[minimal-lwjgl-game] hudprof HUD drawn:') : 'the game did not print its line; see build.log'
assert !log.contains('NoClassDefFoundError') : 'a class was missing at run time; see build.log'
return true
