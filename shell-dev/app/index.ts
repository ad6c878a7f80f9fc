// The async boundary lets the federation runtime negotiate shared modules before any of them
// is used (STACK.md trap 7).
import('./bootstrap');
