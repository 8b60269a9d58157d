// Package site loads the content folder into the compendium's page model
// (languages, documents, sections and their IDs) and checks it: the first
// two steps of content → load → check → render → index → bundle → write.
package site
