//go:build drm

package main

// drmBuild is set in the Pi's build (make pi), whose raylib back end reads
// one input device only: the table then reads every touch screen itself.
const drmBuild = true
