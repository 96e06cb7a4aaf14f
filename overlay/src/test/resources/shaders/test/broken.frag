#version 150
// Deliberately broken, for the test that compile errors name the file and carry the driver's log.
out vec4 fragColor;

void main() {
    fragColor = vec4(undeclaredColour, 1.0);
}
