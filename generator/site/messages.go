package site

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// catalogue holds every message of the content checks and of the check
// command, in English and in French, keyed by the diagnostic's Kind. A
// message names the mistake, then what would be right, with the
// {placeholders} its Args fill. A new diagnostic is one entry here and
// one ds.Report(file, line, kind, name, value…) where it is found.
var catalogue = map[string][2]string{ // kind → {en, fr}
	"warning": {"warning: ", "avertissement : "},
	"folded": {
		"(and {n} problem(s) this one causes, which go when it is fixed: check -v lists them)",
		"(et {n} problème(s) qui en découlent et disparaîtront une fois celui-ci corrigé : check -v les liste)",
	},

	// The check command.
	"cmd-problems": {"check: {n} problem(s)", "check : {n} problème(s)"},
	"cmd-ok":       {"check: ok, {docs} in {langs}, {sections}", "check : ok, {docs} en {langs}, {sections}"},
	"cmd-warnings": {", {n} warning(s)", ", {n} avertissement(s)"},
	"cmd-strict":   {"check -strict: {n} warning(s) to resolve", "check -strict : {n} avertissement(s) à traiter"},

	// build and serve.
	"cmd-left":           {"{out}/ was left as it was", "{out}/ est resté tel quel"},
	"cmd-left-mixed":     {"{out}/ holds files of two builds until the next build, which repairs it", "{out}/ mêle les fichiers de deux constructions jusqu'à la prochaine, qui le répare"},
	"cmd-build-stopped":  {"build stopped ({sig}); {left}", "construction arrêtée ({sig}) ; {left}"},
	"cmd-build-failed":   {"build failed; {left}", "échec de la construction ; {left}"},
	"cmd-serve-no-site":  {"build failed; no earlier site to serve: open the address to see the problems, and save a fix", "échec de la construction ; aucun site précédent à servir : ouvrez l'adresse pour voir les problèmes, puis enregistrez une correction"},
	"cmd-serve-previous": {"build failed; serving the previous {out}/ (the open pages show the problems)", "échec de la construction ; le site précédent {out}/ reste servi (les pages ouvertes montrent les problèmes)"},
	"cmd-serve-still":    {"build failed; still serving the previous site", "échec de la construction ; le site précédent reste servi"},
	"cmd-stopped":        {"stopped", "arrêté"},

	// Reading a file.
	"read-failed": {"cannot read: {err}", "lecture impossible : {err}"},
	"too-big": {
		"file of {kib} KiB: a content file may hold at most {max} KiB; split the document or remove what was pasted by mistake",
		"fichier de {kib} Kio : un fichier de contenu tient en {max} Kio au plus ; scindez le document ou retirez ce qui a été collé par erreur",
	},
	"not-utf8": {
		"byte {byte} is not UTF-8 (the file was not read): save the file as UTF-8, or retype the character at this place",
		"l'octet {byte} n'est pas de l'UTF-8 (le fichier n'a pas été lu) : enregistrez le fichier en UTF-8, ou retapez le caractère à cet endroit",
	},
	"quote-too-deep": {
		"block quotes nested {depth} deep (a line that opens with {depth} “>”): at most {max}; remove the extra “>”",
		"citations imbriquées sur {depth} niveaux (une ligne qui commence par {depth} « > ») : {max} au plus ; retirez les « > » en trop",
	},
	"emphasis-too-many": {
		"{marks} emphasis marks (“*”, “_”, “~”) in one paragraph, from this line on: at most {max}; remove what was pasted by mistake, or write a mark meant as itself as “\\*”",
		"{marks} marques d'emphase (« * », « _ », « ~ ») dans un même paragraphe, à partir de cette ligne : {max} au plus ; retirez ce qui a été collé par erreur, ou écrivez « \\* » une marque voulue telle quelle",
	},
	"cr-only": {
		"the lines end with CR alone (old Mac line endings), so the file reads as one line: save it with LF (or CRLF) line endings",
		"les lignes finissent par CR seul (fins de ligne du vieux Mac), le fichier se lit donc comme une seule ligne : enregistrez-le avec des fins de ligne LF (ou CRLF)",
	},
	"no-documents":  {"no documents: expected Markdown files in {dir}", "aucun document : des fichiers Markdown sont attendus dans {dir}"},
	"render-failed": {"cannot render: {err}", "rendu impossible : {err}"},

	// The front matter.
	"fm-missing": {
		"missing front matter: the file must start with a --- line, then {keys}, then ---",
		"en-tête manquant : le fichier doit commencer par une ligne ---, puis {keys}, puis ---",
	},
	"fm-unclosed": {
		"front matter is not closed: add a --- line after its last key (before line {line})",
		"l'en-tête n'est pas fermé : ajoutez une ligne --- après sa dernière clé (avant la ligne {line})",
	},
	"fm-line": {"front matter line is not “key: value”", "cette ligne de l'en-tête n'est pas « clé: valeur »"},
	"fm-dup-key": {
		"front matter key “{key}” is given twice (first at line {first}): keep one",
		"la clé d'en-tête « {key} » est donnée deux fois (d'abord ligne {first}) : n'en gardez qu'une",
	},
	"fm-order": {
		"order “{value}” is not a whole number from 1: give the document's position, e.g. order: 1",
		"order « {value} » n'est pas un nombre entier à partir de 1 : donnez la place du document, par exemple order: 1",
	},
	"fm-unknown-key": {
		"unknown front matter key “{key}”: the keys are {keys}",
		"clé d'en-tête inconnue « {key} » : les clés sont {keys}",
	},
	"fm-lacks": {"front matter lacks “{key}”{hint}", "il manque « {key} » à l'en-tête{hint}"},
	"fm-lacks-slug": {
		"front matter lacks “slug”: add slug: {slug} (the file name without .md)",
		"il manque « slug » à l'en-tête : ajoutez slug: {slug} (le nom du fichier sans .md)",
	},
	"fm-empty": {"front matter “{key}” is empty", "« {key} » est vide dans l'en-tête"},
	"fm-html": {
		"front matter “{key}” holds HTML “{html}”: players would read it as it is, tags included; write plain text",
		"« {key} » contient du HTML « {html} » dans l'en-tête : les joueurs le liraient tel quel, balises comprises ; écrivez du texte simple",
	},
	"fm-invisible": {
		"front matter key {key} holds an invisible or unusual character ({chars}): retype the key",
		"la clé d'en-tête {key} contient un caractère invisible ou inhabituel ({chars}) : retapez la clé",
	},
	"thesaurus-html": {
		"the form “{html}” holds HTML: the search would show it as it is, tags included; write plain text",
		"la forme « {html} » contient du HTML : la recherche la montrerait telle quelle, balises comprises ; écrivez du texte simple",
	},
	"glossary-html": {
		"term “{id}” holds HTML “{html}” ({field}): players would read it as it is, tags included; write plain text",
		"le terme « {id} » contient du HTML « {html} » ({field}) : les joueurs le liraient tel quel, balises comprises ; écrivez du texte simple",
	},
	"glossary-value-ref": {
		"term “{id}” ({lang}): {ref} names no rule value (go run ./generator values lists them)",
		"terme « {id} » ({lang}) : {ref} ne nomme aucune valeur de règle (go run ./generator values les liste)",
	},
	"theme-value-ref": {
		"“{key}”: {ref} names no rule value (go run ./generator values lists them)",
		"« {key} » : {ref} ne nomme aucune valeur de règle (go run ./generator values les liste)",
	},
	"config-html": {
		"“{field}” holds HTML “{html}”: players would read it as it is, tags included; write plain text",
		"« {field} » contient du HTML « {html} » : les joueurs le liraient tel quel, balises comprises ; écrivez du texte simple",
	},
	"slug-not-kebab": {
		"slug “{slug}” is not English kebab-case (lower-case letters and digits separated by single hyphens)",
		"le slug « {slug} » n'est pas en kebab-case anglais (minuscules et chiffres séparés par des tirets simples)",
	},
	"slug-reserved": {
		"slug “{slug}” is reserved: /<lang>/{slug}/ is a page of the site; rename the file and its slug (e.g. {slug}-rules)",
		"le slug « {slug} » est réservé : /<lang>/{slug}/ est une page du site ; renommez le fichier et son slug (par exemple {slug}-rules)",
	},
	"slug-differs": {
		"slug “{slug}” differs from the file name: rename the file to {slug}.md or set slug: {want}",
		"le slug « {slug} » diffère du nom du fichier : renommez le fichier en {slug}.md ou écrivez slug: {want}",
	},
	"order-duplicate": {
		"order {order} is already used by {other}: give each document its own position",
		"order {order} est déjà pris par {other} : donnez à chaque document sa propre place",
	},

	// Headings, sections and anchors.
	"heading-level-1": {
		"level-1 heading “{title}”: the title comes from the front matter; start sections at ##",
		"titre de niveau 1 « {title} » : le titre vient de l'en-tête ; commencez les sections à ##",
	},
	"heading-no-id": {
		"heading “{title}” has no ID: end it with an English kebab-case ID without numbers, e.g. {#{id}} (put it into English)",
		"le titre « {title} » n'a pas d'ID : terminez-le par un ID en kebab-case anglais sans numéro, par exemple {#{id}} (mis en anglais)",
	},
	"heading-no-id-en": {
		"heading “{title}” has no ID: end it with an English kebab-case ID without numbers, e.g. {#{id}}",
		"le titre « {title} » n'a pas d'ID : terminez-le par un ID en kebab-case anglais sans numéro, par exemple {#{id}}",
	},
	"heading-no-id-from-translation": {
		"heading “{title}” has no ID, and {other} calls this section {#{id}}: end the heading with {#{id}}",
		"le titre « {title} » n'a pas d'ID, et {other} appelle cette section {#{id}} : terminez le titre par {#{id}}",
	},
	"heading-no-id-from-english": {
		"heading “{title}” has no ID: end it with an English kebab-case ID without numbers, e.g. {#{id}} (from the English heading at {other})",
		"le titre « {title} » n'a pas d'ID : terminez-le par un ID en kebab-case anglais sans numéro, par exemple {#{id}} (d'après le titre anglais, {other})",
	},
	"section-id-invalid": {
		"section ID “{id}” is not English kebab-case (lower-case letters and digits separated by single hyphens){hint}",
		"l'ID de section « {id} » n'est pas en kebab-case anglais (minuscules et chiffres séparés par des tirets simples){hint}",
	},
	"section-id-reserved": {
		"section ID “{id}” is reserved: /<lang>/<slug>/{id}/ is a page of the site; choose another ID",
		"l'ID de section « {id} » est réservé : /<lang>/<slug>/{id}/ est une page du site ; choisissez un autre ID",
	},
	"section-id-duplicate": {
		"duplicate section ID “{id}” (first used at line {first}): IDs must be unique within a document",
		"ID de section « {id} » en double (déjà à la ligne {first}) : les ID sont uniques dans un document",
	},
	"section-id-fixed-lost": {
		"section ID “{id}” repeats line {first}'s, and this document lost the fixed ID “{fixed}” ({list}:{row}), which stood here: links rely on it; end this heading with {#{fixed}} again",
		"l'ID de section « {id} » répète celui de la ligne {first}, et ce document a perdu l'ID fixe « {fixed} » ({list}:{row}), qui se trouvait ici : des liens en dépendent ; terminez de nouveau ce titre par {#{fixed}}",
	},
	"section-id-duplicate-from-translation": {
		"duplicate section ID “{id}” (first used at line {first}): {other} calls this section {#{want}}: write {#{want}}",
		"ID de section « {id} » en double (déjà à la ligne {first}) : {other} appelle cette section {#{want}} : écrivez {#{want}}",
	},
	"section-id-renamed": {
		"section ID “{id}” is {#{want}} in {other}: write {#{want}} here, or rename it in every language and in every link to it",
		"l'ID de section « {id} » est {#{want}} dans {other} : écrivez {#{want}} ici, ou renommez-le dans chaque langue et dans chaque lien vers lui",
	},
	"anchor-duplicate": {
		"anchor “{#{id}}” repeats an ID used at line {first}: IDs of sections and anchors must be unique within a document",
		"l'ancre « {#{id}} » reprend un ID déjà employé ligne {first} : les ID des sections et des ancres sont uniques dans un document",
	},
	"anchor-reserved": {
		"anchor ID “{id}” is reserved: /<lang>/<slug>/{id}/ is a page of the site; choose another ID",
		"l'ID d'ancre « {id} » est réservé : /<lang>/<slug>/{id}/ est une page du site ; choisissez un autre ID",
	},

	// Translations.
	"doc-no-translation": {
		"document “{slug}” has no {lang} translation: add {lang}/{slug}.md",
		"le document « {slug} » n'a pas de traduction {lang} : ajoutez {lang}/{slug}.md",
	},
	"doc-no-original": {
		"document “{slug}” does not exist in {lang}: a translation needs its original",
		"le document « {slug} » n'existe pas en {lang} : une traduction a besoin de son original",
	},
	"section-missing": {
		"section “{id}” ({other}) is missing before this line: translate it here with the same {#{id}}",
		"la section « {id} » ({other}) manque avant cette ligne : traduisez-la ici avec le même {#{id}}",
	},
	"section-missing-end": {
		"section “{id}” ({other}) is missing at the end of the file, after this line: translate it there with the same {#{id}}",
		"la section « {id} » ({other}) manque en fin de fichier, après cette ligne : traduisez-la là avec le même {#{id}}",
	},
	"section-extra": {
		"section “{id}” does not exist in {other}: a translation has the original's sections, no more",
		"la section « {id} » n'existe pas dans {other} : une traduction a les sections de l'original, pas plus",
	},
	"section-order": {
		"section “{id}” is out of order: {other} has “{want}” here (line {line}); keep the original's order",
		"la section « {id} » n'est pas à sa place : {other} a « {want} » ici (ligne {line}) ; gardez l'ordre de l'original",
	},
	"section-level": {
		"section “{id}” is a level-{level} heading, level {want} in {other}",
		"la section « {id} » est un titre de niveau {level}, de niveau {want} dans {other}",
	},
	"anchor-missing": {
		"anchor “{#{id}}” ({other}) is missing in this section: start the translated item with the same {#{id}}",
		"l'ancre « {#{id}} » ({other}) manque dans cette section : commencez l'élément traduit par le même {#{id}}",
	},
	"anchor-section": {
		"anchor “{#{id}}” is in section “{section}” here but in “{want}” in {other}",
		"l'ancre « {#{id}} » est dans la section « {section} » ici mais dans « {want} » dans {other}",
	},
	"anchor-extra": {
		"anchor “{#{id}}” does not exist in {other}: a translation has the original's anchors, no more",
		"l'ancre « {#{id}} » n'existe pas dans {other} : une traduction a les ancres de l'original, pas plus",
	},

	// Translations behind their original (warnings).
	"translation-unchecked": {
		"translation of #{id} has no record of the {origname} version it translates ({other}): once it is checked, run go run ./generator translations -mark {key}",
		"la traduction de #{id} n'a pas trace de la version {origname} qu'elle traduit ({other}) : une fois vérifiée, lancez go run ./generator translations -mark {key}",
	},
	"translation-behind": {
		"translation of #{id} is older than its {origname} source (changed since the translation was checked on {checked}, {other}): update it, then run go run ./generator translations -mark {key}",
		"la traduction de #{id} est plus ancienne que sa source {origname} (modifiée depuis la vérification du {checked}, {other}) : mettez-la à jour, puis lancez go run ./generator translations -mark {key}",
	},

	// The same two as the editor under serve says them: its button marks
	// the translation checked.
	"translation-unchecked-editor": {
		"translation of #{id} has no record of the {origname} version it translates ({other}): once you have checked it, mark it checked (the button below)",
		"la traduction de #{id} n'a pas trace de la version {origname} qu'elle traduit ({other}) : une fois relue, marquez-la comme vérifiée (le bouton ci-dessous)",
	},
	"translation-behind-editor": {
		"translation of #{id} is older than its {origname} source (changed since the translation was checked on {checked}, {other}): update it, then mark it checked (the button below)",
		"la traduction de #{id} est plus ancienne que sa source {origname} (modifiée depuis la vérification du {checked}, {other}) : mettez-la à jour, puis marquez-la comme vérifiée (le bouton ci-dessous)",
	},

	// Rule values ({=key value}).
	"value-unknown": {
		"rule value “{key}” is not one the calculators read (go run ./generator values lists them); a value of your own is named after its document: {own}, its meaning in {file}",
		"la valeur de règle « {key} » n'est lue par aucun calculateur (go run ./generator values les liste) ; une valeur propre à votre document porte son nom : {own}, son sens dans {file}",
	},
	"value-unknown-near": {
		"rule value “{key}” is not one the calculators read: did you mean one of {near}? (go run ./generator values lists them; a value of your own is named after its document: {own}, its meaning in {file})",
		"la valeur de règle « {key} » n'est lue par aucun calculateur : vouliez-vous dire l'une de {near} ? (go run ./generator values les liste ; une valeur propre à votre document porte son nom : {own}, son sens dans {file})",
	},
	"value-kind": {
		"rule value “{key}” ({meaning}) is a {kind}, not a {got}: write it as {decl}",
		"la valeur de règle « {key} » ({meaning}) est de type {kind}, pas {got} : écrivez-la {decl}",
	},
	"value-twice": {
		"rule value “{key}” is {value} here but {other} at {place}: a value has one number; change both places",
		"la valeur de règle « {key} » vaut {value} ici mais {other} en {place} : une valeur a un seul nombre ; changez les deux endroits",
	},
	"value-undeclared": {
		"rule value “{key}” ({meaning}, used by the {calcs}) is not declared: write {decl} where section “{section}” states it",
		"la valeur de règle « {key} » ({meaning}, utilisée par les calculateurs {calcs}) n'est pas déclarée : écrivez {decl} là où la section « {section} » l'énonce",
	},
	"value-not-in-original": {
		"rule value “{key}” is declared here but not in the {lang} original: declare it there too, with the same number",
		"la valeur de règle « {key} » est déclarée ici mais pas dans l'original ({lang}) : déclarez-la aussi là-bas, avec le même nombre",
	},
	"value-not-translated": {
		"rule value “{key}” ({place}) is not declared in this translation: write {decl} in section “{section}”, where the original states it",
		"la valeur de règle « {key} » ({place}) n'est pas déclarée dans cette traduction : écrivez {decl} dans la section « {section} », où l'original l'énonce",
	},
	"value-section-missing": {
		"rule value “{key}” is marked {n} time(s) in section “{section}” of the original ({place}) and {m} time(s) in this section: mark the number it states here too, {decl}, so that it follows the value when the rule changes (this translation marks it at {elsewhere})",
		"la valeur de règle « {key} » est marquée {n} fois dans la section « {section} » de l'original ({place}) et {m} fois dans cette section : marquez aussi le nombre qu'elle énonce ici, {decl}, pour qu'il suive la valeur quand la règle change (cette traduction la marque en {elsewhere})",
	},
	"value-section-extra": {
		"rule value “{key}” is marked {m} time(s) in section “{section}” of this translation, this mark included, and {n} time(s) in the same section of the original (which marks it at {place}): mark the number the original states there too, or remove this mark",
		"la valeur de règle « {key} » est marquée {m} fois dans la section « {section} » de cette traduction, cette marque comprise, et {n} fois dans la même section de l'original (qui la marque en {place}) : marquez aussi le nombre que l'original y énonce, ou retirez cette marque",
	},
	"value-differs": {
		"rule value “{key}” is {value} here but {other} in {place}: the languages must state the same value",
		"la valeur de règle « {key} » vaut {value} ici mais {other} dans {place} : les langues doivent énoncer la même valeur",
	},
	"value-engine": {"rule value “{key}”: {err}", "valeur de règle « {key} » : {err}"},

	// Calculator blocks (```calc NAME).
	"calc-unknown": {
		"unknown calculator “{name}”: write ```calc NAME with one of {names}",
		"calculateur inconnu « {name} » : écrivez ```calc NOM avec l'un de {names}",
	},
	"calc-json": {
		"calculator “{name}”: its defaults are not a JSON object: {err}",
		"calculateur « {name} » : ses valeurs par défaut ne sont pas un objet JSON : {err}",
	},
	"calc-input": {
		"calculator “{name}”: no input named {inputs} (go run ./generator calc --help {name} lists them)",
		"calculateur « {name} » : pas d'entrée nommée {inputs} (go run ./generator calc --help {name} les liste)",
	},
	"calc-default": {"calculator “{name}”: bad default: {err}", "calculateur « {name} » : valeur par défaut incorrecte : {err}"},

	// Links and images.
	"link-bad": {
		"link “{dest}” is neither a URL nor a section reference: write #id, slug or slug#id",
		"le lien « {dest} » n'est ni une adresse web ni une référence de section : écrivez #id, slug ou slug#id",
	},
	"link-no-doc": {
		"link “{dest}”: no document “{slug}” in {lang} (documents: {slugs})",
		"lien « {dest} » : pas de document « {slug} » en {lang} (documents : {slugs})",
	},
	"link-no-id": {
		"link “{dest}”: no section or anchor “{id}” in {file}",
		"lien « {dest} » : pas de section ni d'ancre « {id} » dans {file}",
	},
	"link-no-id-near": {
		"link “{dest}”: no section or anchor “{id}” in {file}: did you mean {ids}?",
		"lien « {dest} » : pas de section ni d'ancre « {id} » dans {file} : vouliez-vous dire {ids} ?",
	},
	"link-scheme": {
		"link to “{dest}”: {scheme} links are not allowed; link to a section (#id) or a web page (https://…)",
		"lien vers « {dest} » : les liens {scheme} sont interdits ; liez une section (#id) ou une page web (https://…)",
	},
	"image-scheme": {
		"image “{dest}”: {scheme} images are not allowed; the pages show no images from the content",
		"image « {dest} » : les images {scheme} sont interdites ; les pages ne montrent pas d'image venue du contenu",
	},
	"image": {
		"image “{dest}” would not be published (the pages carry no image from the content, and their security policy blocks other sites' images): describe it in words, or link to it: [{alt}]({dest})",
		"l'image « {dest} » ne serait pas publiée (les pages ne portent aucune image venue du contenu, et leur politique de sécurité bloque les images d'autres sites) : décrivez-la en mots, ou faites-en un lien : [{alt}]({dest})",
	},
	"link-relative": {
		"link “{dest}” is relative to this page and would lead to {lands}: write it as {want}",
		"le lien « {dest} » part de cette page et mènerait à {lands} : écrivez-le {want}",
	},
	"link-local": {
		"link “{dest}” leads to this computer (the development server), not to the published site: write it as {want}",
		"le lien « {dest} » mène à cet ordinateur (le serveur de développement), pas au site publié : écrivez-le {want}",
	},
	"link-root": {
		"link “{dest}” starts at the root of the host, and breaks when the site lives in a sub-folder (GitHub Pages): write it as {want}",
		"le lien « {dest} » part de la racine du serveur et casse quand le site est dans un sous-dossier (GitHub Pages) : écrivez-le {want}",
	},
	"raw-html": {
		"raw HTML “{html}” is not rendered (pages carry no HTML from the content): write it as text, or use Markdown",
		"le HTML « {html} » n'est pas rendu (les pages ne portent aucun HTML venu du contenu) : écrivez-le en texte, ou en Markdown",
	},

	// The site configuration (compendium.json) and the command line's
	// -base-url.
	"config-unknown-key": {
		"unknown key “{key}”: the keys are title, tagline, base_url, edition, languages",
		"clé inconnue « {key} » : les clés sont title, tagline, base_url, edition, languages",
	},
	"i18n-missing-lang": {
		"no interface texts for the language “{lang}” that compendium.json names: copy {orig} to this file and translate its texts",
		"aucun texte d'interface pour la langue « {lang} » que nomme compendium.json : copiez {orig} dans ce fichier et traduisez ses textes",
	},
	"config-languages-empty": {
		"“languages” lists no language: name the language the rules are written in first, then its translations, e.g. [{default}], or remove the key",
		"« languages » ne nomme aucune langue : nommez d'abord celle dans laquelle les règles sont écrites, puis leurs traductions, par exemple [{default}], ou retirez la clé",
	},
	"config-language-code": {
		"“languages” names “{code}”, which is not a language code: write the code in lower case, as the folder under content/ is named (e.g. “de”, “pt-br”)",
		"« languages » nomme « {code} », qui n'est pas un code de langue : écrivez le code en minuscules, comme le dossier sous content/ est nommé (par exemple « de », « pt-br »)",
	},
	"config-language-twice": {
		"“languages” names “{code}” twice (places {n} and {m} of the list): keep it once",
		"« languages » nomme « {code} » deux fois (places {n} et {m} de la liste) : ne le gardez qu'une fois",
	},
	"config-language-no-content": {
		"“languages” names “{code}”, but {dir} holds no document: write the documents of that language there, or remove “{code}” from the list",
		"« languages » nomme « {code} », mais {dir} ne contient aucun document : écrivez-y les documents de cette langue, ou retirez « {code} » de la liste",
	},
	"config-language-unlisted": {
		"{dir} holds documents, but “languages” does not name “{code}”: add it to the list to publish them, or move the folder away",
		"{dir} contient des documents, mais « languages » ne nomme pas « {code} » : ajoutez-le à la liste pour les publier, ou déplacez le dossier",
	},
	"config-base-url": {
		"base_url “{url}” is not an absolute http(s) address with no query: give e.g. https://rules.example.org/ or https://example.org/gn/",
		"base_url « {url} » n'est pas une adresse http(s) absolue sans paramètres : donnez par exemple https://rules.example.org/ ou https://example.org/gn/",
	},
	"flag-base-url": {
		"-base-url “{url}” is not an absolute http(s) address with no query: give e.g. https://rules.example.org/ or https://example.org/gn/",
		"-base-url « {url} » n'est pas une adresse http(s) absolue sans paramètres : donnez par exemple https://rules.example.org/ ou https://example.org/gn/",
	},
	"config-empty": {
		"“{field}” is empty: give the text in that language, or remove the key",
		"« {field} » est vide : donnez le texte dans cette langue, ou retirez la clé",
	},

	// The theme.
	"theme-failed": {"theme file cannot be used: {err}", "fichier du thème inutilisable : {err}"},
	"i18n-missing-key": {
		"missing key “{key}”: {orig} has it; give its text in this language too",
		"clé « {key} » manquante : {orig} l'a ; donnez aussi son texte dans cette langue",
	},
	"sw-failed":     {"the offline copy's service worker cannot be built: {err}", "le service worker de la copie hors ligne ne peut pas être construit : {err}"},
	"bundle-failed": {"the theme's scripts and styles cannot be bundled: {err}", "les scripts et les styles du thème ne peuvent pas être assemblés : {err}"},

	// Rule values that cannot be read (markdown.RuleValues).
	"value-unreadable": {
		"rule value “{text}” cannot be read: write {=key value} or [words]{=key value}, the key in lower case with a dot (armor.cap), the value a number (20), a duration (60min, 20mn), a die (1d12), a multiplier (2x) or a name (vine)",
		"la valeur de règle « {text} » est illisible : écrivez {=clé valeur} ou [mots]{=clé valeur}, la clé en minuscules avec un point (armor.cap), la valeur un nombre (20), une durée (60min, 20mn), un dé (1d12), un multiplicateur (2x) ou un nom (vine)",
	},
	"value-unreadable-more": {
		"more rule values cannot be read from here on (only the first {n} are listed): mend those above first",
		"d'autres valeurs de règle sont illisibles à partir d'ici (seules les {n} premières sont listées) : corrigez d'abord celles qui précèdent",
	},

	// The organisers' own values (values.json).
	"value-own-kind": {
		"rule value “{key}” is a {kind} here but a {want} at {place}: write it as {decl}, or change both",
		"la valeur de règle « {key} » est de type {kind} ici mais {want} en {place} : écrivez-la {decl}, ou changez les deux",
	},
	"value-own-no-meaning": {
		"rule value “{key}” is your own (no calculator reads it): say once what it means in {file}: \"{key}\": {\"fr\": \"…\", \"en\": \"…\"}",
		"la valeur de règle « {key} » vous est propre (aucun calculateur ne la lit) : dites une fois ce qu'elle veut dire dans {file} : \"{key}\": {\"fr\": \"…\", \"en\": \"…\"}",
	},
	"value-own-meaning-missing": {
		"value “{key}” has no meaning in {langs}: give it in both languages, \"{key}\": {\"fr\": \"…\", \"en\": \"…\"}",
		"la valeur « {key} » n'a pas de sens en {langs} : donnez-le dans les deux langues, \"{key}\": {\"fr\": \"…\", \"en\": \"…\"}",
	},
	"value-own-engine": {
		"value “{key}” is one the calculators read: its meaning is the engine's (go run ./generator values shows it); remove it here",
		"la valeur « {key} » est lue par les calculateurs : son sens est celui du moteur (go run ./generator values l'affiche) ; retirez-la d'ici",
	},
	"value-own-undeclared": {
		"value “{key}” is declared in no document: write {={key} …} where the rule states it, or remove it here",
		"la valeur « {key} » n'est déclarée dans aucun document : écrivez {={key} …} là où la règle l'énonce, ou retirez-la d'ici",
	},

	// The words a page shows, held to the values ([words]{=key value},
	// [words]{=expr}).
	"value-words-many": {
		"rule value “{key}”: the words “{words}” state {n} numbers ({numbers}): words in brackets state one number, the value's; split them, each number with its own {=key value}",
		"valeur de règle « {key} » : les mots « {words} » énoncent {n} nombres ({numbers}) : les mots entre crochets énoncent un seul nombre, celui de la valeur ; séparez-les, chaque nombre avec son propre {=clé valeur}",
	},
	"value-words-differ": {
		"rule value “{key}”: the words “{words}” say {said} but the value is {value}: write [{fixed}]{={key} {literal}} to keep the rule, or [{words}]{={key} {to}} to change it (in both languages)",
		"valeur de règle « {key} » : les mots « {words} » disent {said} mais la valeur est {value} : écrivez [{fixed}]{={key} {literal}} pour garder la règle, ou [{words}]{={key} {to}} pour la changer (dans les deux langues)",
	},
	"value-words-differ-say": {
		"rule value “{key}”: the words “{words}” say {said} but the value is {value}: change the words to say {value} to keep the rule, or write [{words}]{={key} {to}} to change it (in both languages)",
		"valeur de règle « {key} » : les mots « {words} » disent {said} mais la valeur est {value} : changez les mots pour qu'ils disent {value} afin de garder la règle, ou écrivez [{words}]{={key} {to}} pour la changer (dans les deux langues)",
	},
	"value-ordinal": {
		"rule value “{key}” is {n}: “{written}” is not how {langname} writes it: write “{want}”",
		"la valeur de règle « {key} » vaut {n} : « {written} » ne s'écrit pas ainsi en {langname} : écrivez « {want} »",
	},
	"value-noun": {
		"rule value “{key}” is {n}: “{word}” after it must be “{want}” ({n} {want})",
		"la valeur de règle « {key} » vaut {n} : « {word} » qui la suit doit être « {want} » ({n} {want})",
	},
	"value-name-words": {
		"rule value “{key}” is {literal} ({name}) but the words “{words}” do not say it: write words that name {bare}, or change the value",
		"la valeur de règle « {key} » est {literal} ({name}) mais les mots « {words} » ne le disent pas : écrivez des mots qui nomment {bare}, ou changez la valeur",
	},
	"value-name-words-other": {
		"rule value “{key}” is {literal} ({name}) but the words “{words}” do not say it (they name {names}): write words that name {bare}, or change the value",
		"la valeur de règle « {key} » est {literal} ({name}) mais les mots « {words} » ne le disent pas (ils nomment {names}) : écrivez des mots qui nomment {bare}, ou changez la valeur",
	},
	"figure-eval": {"figure “[{words}]{={expr}}”: {err}", "chiffre « [{words}]{={expr}} » : {err}"},
	"figure-none": {
		"figure “[{words}]{={expr}}”: the words state no number; they must state the one {expr} gives, {value}",
		"chiffre « [{words}]{={expr}} » : les mots n'énoncent aucun nombre ; ils doivent énoncer celui que donne {expr}, {value}",
	},
	"figure-many": {
		"figure “[{words}]{={expr}}”: the words state {n} numbers ({numbers}); they must state the one {expr} gives, {value}",
		"chiffre « [{words}]{={expr}} » : les mots énoncent {n} nombres ({numbers}) ; ils doivent énoncer celui que donne {expr}, {value}",
	},
	"figure-differs": {
		"figure “[{words}]{={expr}}”: the words say {said} but {expr} is {value} with the declared values: write [{fixed}]{={expr}}",
		"chiffre « [{words}]{={expr}} » : les mots disent {said} mais {expr} vaut {value} avec les valeurs déclarées : écrivez [{fixed}]{={expr}}",
	},
	"figure-differs-say": {
		"figure “[{words}]{={expr}}”: the words say {said} but {expr} is {value} with the declared values: change the words to say {value}",
		"chiffre « [{words}]{={expr}} » : les mots disent {said} mais {expr} vaut {value} avec les valeurs déclarées : changez les mots pour qu'ils disent {value}",
	},
	"figure-ordinal": {
		"figure “{expr}” is {n}: “{written}” is not how {langname} writes it: write “{want}”",
		"le chiffre « {expr} » vaut {n} : « {written} » ne s'écrit pas ainsi en {langname} : écrivez « {want} »",
	},
	"figure-noun": {
		"figure “{expr}” is {n}: “{word}” after it must be “{want}” ({n} {want})",
		"le chiffre « {expr} » vaut {n} : « {word} » qui le suit doit être « {want} » ({n} {want})",
	},
	// Why a figure's expression cannot be computed (values.Eval): the
	// {err} of figure-eval.
	"expr-syntax": {
		"{why} (write keys, whole numbers, + - * / and parentheses, ceil(…) or floor(…), no spaces: 2*casting.max-apprenticeship+1)",
		"{why} (écrivez des clés, des nombres entiers, + - * / et des parenthèses, ceil(…) ou floor(…), sans espace : 2*casting.max-apprenticeship+1)",
	},
	"expr-too-long":      {"the expression is longer than {max} characters: shorten it", "l'expression dépasse {max} caractères : raccourcissez-la"},
	"expr-unexpected":    {"“{rest}” is not expected here", "« {rest} » est inattendu ici"},
	"expr-division-zero": {"it divides by zero", "elle divise par zéro"},
	"expr-too-deep":      {"too many parentheses", "trop de parenthèses"},
	"expr-unclosed":      {"a “(” is not closed", "une « ( » n'est pas fermée"},
	"expr-number-long":   {"the number {n} is too long", "le nombre {n} est trop long"},
	"expr-unknown-key": {
		"“{name}” is not a rule value the calculators read (go run ./generator values lists them)",
		"« {name} » n'est pas une valeur de règle lue par les calculateurs (go run ./generator values les liste)",
	},
	"expr-missing": {"a number, a key or “(” is missing at “{rest}”", "il manque un nombre, une clé ou une « ( » à « {rest} »"},
	"expr-not-whole": {
		"it gives {value}, not a whole number: write ceil({expr}) or floor({expr}), as the text rounds it",
		"elle donne {value}, pas un nombre entier : écrivez ceil({expr}) ou floor({expr}), selon l'arrondi du texte",
	},
	"expr-too-large": {"it gives a number too large to be a figure of the rules", "elle donne un nombre trop grand pour être un chiffre des règles"},

	// Translations that look unfinished (warnings).
	"translation-length": {
		"translation of #{id} has {n} words for the French's {nfr} ({other}): is a part missing or repeated? If it is right, nothing needs doing",
		"la traduction de #{id} a {n} mots pour {nfr} en français ({other}) : une partie manque-t-elle, ou est-elle répétée ? Si elle est juste, il n'y a rien à faire",
	},
	"translation-french": {
		"translation of #{id} has a sentence in French: “{sentence}”: translate it (in-game calls said aloud stay in French between « »)",
		"la traduction de #{id} contient une phrase en français : « {sentence} » : traduisez-la (les annonces de jeu dites à voix haute restent en français entre « »)",
	},

	// content/IDS.md, the list of the anchors links rely on.
	"anchor-not-listed": {
		"anchor “{id}” is not listed in {file}: add `{id}` to the row “`{slug}` | {section}” (or add that row), so that the links to it stay known",
		"l'ancre « {id} » n'est pas listée dans {file} : ajoutez `{id}` à la ligne « `{slug}` | {section} » (ou ajoutez cette ligne), pour que les liens vers elle restent connus",
	},
	"anchor-listed-gone": {
		"this row lists anchor “{id}” of {slug}, which no French document has in that section: links to it break; put {#{id}} back, or remove it from this row if it is gone on purpose",
		"cette ligne liste l'ancre « {id} » de {slug}, qu'aucun document français n'a dans cette section : les liens vers elle cassent ; remettez {#{id}}, ou retirez-la de cette ligne si elle a disparu exprès",
	},

	// The commands' own lines (usage mistakes, what was done, summaries).
	"write-failed":       {"cannot write: {err}", "écriture impossible : {err}"},
	"cmd-unknown":        {"generator: unknown command “{name}”", "generator : commande inconnue « {name} »"},
	"cmd-help-unknown":   {"generator help: unknown command “{name}”", "generator help : commande inconnue « {name} »"},
	"cmd-unexpected-arg": {"generator {cmd}: unexpected argument “{arg}”", "generator {cmd} : argument inattendu « {arg} »"},
	"cmd-lang-unknown":   {"generator {cmd}: -lang “{lang}”: the languages are {langs}", "generator {cmd} : -lang « {lang} » : les langues sont {langs}"},
	"cmd-built": {
		"built {docs} in {n} ({langs}), {sections}, into {out} in {time}",
		"construit : {docs} en {n} ({langs}), {sections}, dans {out} en {time}",
	},
	"cmd-peak-heap":     {"peak live heap {mb} MB", "pic du tas vivant : {mb} Mo"},
	"cmd-serve-start":   {"building {out}/, then serving it on http://{addr}/", "construction de {out}/, puis service sur http://{addr}/"},
	"cmd-serve-stage":   {"  {stage} done ({secs}s)", "  {stage} : fait ({secs} s)"},
	"cmd-serve-ticking": {"  still building ({secs}s)", "  construction en cours ({secs} s)"},
	"cmd-serve-last":    {"  still building ({secs}s; the last stage done: {stage})", "  construction en cours ({secs} s ; dernière étape faite : {stage})"},
	"cmd-serving":       {"serving http://{addr}/ (Ctrl-C to stop)", "site servi sur http://{addr}/ (Ctrl-C pour arrêter)"},
	"serve-addr-taken": {
		"{addr} is already in use (another serve, or another program): serve on another address: make serve ADDR={other} (or go run ./generator serve -addr {other})",
		"{addr} est déjà pris (par un autre serve, ou un autre programme) : servez sur une autre adresse : make serve ADDR={other} (ou go run ./generator serve -addr {other})",
	},
	"cmd-serve-edit": {
		"editing on: to edit in the browser, open {url} (this link holds while this serve runs); each section then has an Edit button, which writes into {dir} (docs/editor.md)",
		"modification activée : pour modifier dans le navigateur, ouvrez {url} (ce lien vaut tant que ce serve tourne) ; chaque section a alors un bouton Modifier, qui écrit dans {dir} (docs/editor.md)",
	},
	"edit-open-wrong-key": {
		"this link's key is not this run's: open the link serve printed when it started (each run makes a new one)",
		"la clé de ce lien n'est pas celle de ce serve : ouvrez le lien que serve a affiché à son démarrage (chaque lancement en crée un nouveau)",
	},
	"edit-forbidden-cookie": {
		"this browser has not opened this run's editing link: open the link serve printed when it started, then reload the page",
		"ce navigateur n'a pas ouvert le lien de modification de ce serve : ouvrez le lien que serve a affiché à son démarrage, puis rechargez la page",
	},
	"edit-forbidden-secret": {
		"this request does not carry the editor's secret: only a page served by this serve can edit the content",
		"cette requête ne porte pas le secret de l'éditeur : seule une page servie par ce serve peut modifier le contenu",
	},
	"edit-forbidden-origin": {
		"this request comes from another site than the served pages: only a page served by this serve can edit the content",
		"cette requête vient d'un autre site que les pages servies : seule une page servie par ce serve peut modifier le contenu",
	},
	"edit-no-section": {
		"no section “{key}” in the content as it is on disk: it was renamed or removed since the page was built; reload the page",
		"aucune section « {key} » dans le contenu tel qu'il est sur le disque : elle a été renommée ou retirée depuis la construction de la page ; rechargez la page",
	},
	"edit-outside": {
		"{file} is not inside {dir} (a link leads out of it): the editor writes only into the content folder; edit that file where it is",
		"{file} n'est pas dans {dir} (un lien mène hors du dossier) : l'éditeur n'écrit que dans le dossier du contenu ; modifiez ce fichier là où il est",
	},
	"config-edit-url": {
		"edit_url “{url}” has no {mark}: write it where the file's path goes, e.g. “{example}”",
		"edit_url « {url} » n'a pas de {mark} : écrivez-le où va le chemin du fichier, par exemple « {example} »",
	},
	"serve-listen": {
		"cannot listen on {addr}: {err}: serve on another address: make serve ADDR={other} (or go run ./generator serve -addr {other})",
		"impossible d'écouter sur {addr} : {err} : servez sur une autre adresse : make serve ADDR={other} (ou go run ./generator serve -addr {other})",
	},
	"note-no-history": {
		"editions: no git history for {dir}: no “what changed” page (see content/README.md)",
		"éditions : pas d'historique git pour {dir} : pas de page « ce qui a changé » (voir content/README.md)",
	},
	"note-no-edition": {
		"editions: no earlier edition tag ({prefix}NAME) in the history: no “what changed” page",
		"éditions : aucune étiquette d'édition antérieure ({prefix}NOM) dans l'historique : pas de page « ce qui a changé »",
	},
	"cmd-new-usage": {
		"generator new: name the document's slug (English kebab-case, e.g. alchemy), then optionally its title in each language of the site, the original first",
		"generator new : donnez le slug du document (kebab-case anglais, par exemple alchemy), puis éventuellement son titre dans chaque langue du site, l'original d'abord",
	},
	"cmd-new-failed": {"generator new: {err}", "generator new : {err}"},
	"cmd-new-wrote":  {"new: wrote {file}", "new : {file} écrit"},
	"cmd-new-next": {
		"new: write the rules in both files (rename the first section's {#{id}} to the English kebab-case ID it will keep), then run go run ./generator check (make check)",
		"new : écrivez les règles dans les deux fichiers (renommez le {#{id}} de la première section en l'ID kebab-case anglais qu'elle gardera), puis lancez go run ./generator check (make check)",
	},
	"new-slug": {
		"slug “{slug}” is not English kebab-case (lower-case words joined by hyphens, a letter first): try {want}",
		"le slug « {slug} » n'est pas en kebab-case anglais (mots en minuscules reliés par des tirets, une lettre d'abord) : essayez {want}",
	},
	"new-title-lines": {"a title is one line: give each title without a line break", "un titre tient sur une ligne : donnez chaque titre sans retour à la ligne"},
	"new-taken": {
		"{file} exists: document “{slug}” is taken; choose another slug",
		"{file} existe : le document « {slug} » est déjà pris ; choisissez un autre slug",
	},
	"new-not-content": {
		"{dir} is not a content folder (no {lang}/ in it): run from the project's folder, or give -content",
		"{dir} n'est pas un dossier de contenu (il n'a pas de {lang}/) : lancez la commande depuis le dossier du projet, ou donnez -content",
	},
	"new-unrecorded": {
		"wrote {files}, but could not record the translation: {err} (run go run ./generator translations -mark {slug})",
		"{files} écrits, mais la traduction n'a pas pu être enregistrée : {err} (lancez go run ./generator translations -mark {slug})",
	},
	"new-not-loaded":  {"the new document does not load", "le nouveau document ne se charge pas"},
	"new-no-sections": {"no translated section in {slug}", "aucune section traduite dans {slug}"},
	"cmd-translations-name": {
		"translations -mark: name the sections (slug#id or slug), or -all",
		"translations -mark : nommez les sections (slug#id ou slug), ou -all",
	},
	"cmd-translations-no-mark": {
		"translations: sections are named only after -mark: translations -mark slug#id…",
		"translations : on ne nomme des sections qu'après -mark : translations -mark slug#id…",
	},
	"cmd-translations-left": {
		"translations: {n} section(s) to check; the command ends with exit status 1 while any is left, so that a script or CI notices (go run prints it)",
		"translations : {n} section(s) à vérifier ; la commande finit avec le code de sortie 1 tant qu'il en reste, pour qu'un script ou la CI le voie (go run l'affiche : « exit status 1 »)",
	},
	"cmd-translations-ok": {
		"translations: every translated section is checked against its original as it is",
		"translations : chaque section traduite est vérifiée par rapport à son original tel qu'il est",
	},
	"cmd-translations-unknown": {
		"translations: no translated section “{key}”: name it slug#id or slug, as in the pages' addresses",
		"translations : aucune section traduite « {key} » : nommez-la slug#id ou slug, comme dans les adresses des pages",
	},
	"cmd-translations-updated": {
		"translations: {file} updated; {n} section(s) left to check (were {before})",
		"translations : {file} mis à jour ; {n} section(s) restent à vérifier (il y en avait {before})",
	},
	"cmd-calc-no-theme": {
		"calc --help reads the pages' labels in the theme, and there is no folder {dir} here: run it from the project's folder, or give the theme with -theme DIR (calc --help -theme DIR NAME)",
		"calc --help lit les libellés des pages dans le thème, et il n'y a pas de dossier {dir} ici : lancez-le depuis le dossier du projet, ou donnez le thème avec -theme DOSSIER (calc --help -theme DOSSIER NOM)",
	},
	"cmd-calc-unknown":      {"no calculator “{name}”: calc --list lists them", "pas de calculateur « {name} » : calc --list les liste"},
	"cmd-values-header":     {"key\tvalue\tmeaning\tstated at\tcalculators", "clé\tvaleur\tsens\ténoncée en\tcalculateurs"},
	"cmd-values-reading":    {"(a reading: the engine's default)", "(une lecture : la valeur par défaut du moteur)"},
	"cmd-values-undeclared": {"(not declared)", "(non déclarée)"},
	"cmd-calc-help": {
		"       calc --help NAME    what NAME takes and returns\n       calc --describe     every calculator's inputs and outputs (--defaults: with the engine's default rules)\n\ncalculators:",
		"       calc --help NOM     ce que NOM prend et rend\n       calc --describe     les entrées et sorties de chaque calculateur (--defaults : avec les règles par défaut du moteur)\n\ncalculateurs :",
	},

	// The commands' counts and hints: build's and check's summary
	// (Counted), the edition "what changed" compares with, a command near
	// a mistyped one, calc's JSON input.
	"count-documents-one": {"{n} document", "{n} document"},
	"count-documents":     {"{n} documents", "{n} documents"},
	"count-languages-one": {"{n} language", "{n} langue"},
	"count-languages":     {"{n} languages", "{n} langues"},
	"count-sections-one":  {"{n} section", "{n} section"},
	"count-sections":      {"{n} sections", "{n} sections"},
	"note-edition-compared": {
		"editions: “what changed” compares with edition {name} (tag {tag}, {date})",
		"éditions : « ce qui a changé » compare avec l'édition {name} (étiquette {tag}, du {date})",
	},
	"cmd-unknown-near":      {"generator: unknown command “{name}”: did you mean {near}?", "generator : commande inconnue « {name} » : vouliez-vous dire {near} ?"},
	"cmd-help-unknown-near": {"generator help: unknown command “{name}”: did you mean {near}?", "generator help : commande inconnue « {name} » : vouliez-vous dire {near} ?"},
	"calc-input-json-at":    {"invalid JSON at line {line}, column {col}: {problem}", "JSON invalide ligne {line}, colonne {col} : {problem}"},
	"calc-input-json":       {"invalid JSON: {problem}", "JSON invalide : {problem}"},

	// The commands' help (generator help, generator COMMAND -h): the list
	// of commands and each one's line (help-NAME), each command's usage
	// (help-usage-NAME, the flags as the command's flag set has them) and
	// its flags' descriptions (help-flag-NAME, help-flag-COMMAND-NAME: a
	// flag's Usage is its kind; the `word` between backquotes names its
	// value, as the flag package reads it).
	"help-commands": {"usage: generator <command> [flags]\n\ncommands:", "utilisation : generator <commande> [options]\n\ncommandes :"},
	"help-more": {
		"'generator help COMMAND' or 'generator COMMAND -h' gives a command's flags.",
		"« generator help COMMANDE » ou « generator COMMANDE -h » donne les options d'une commande.",
	},
	"help-build": {"load, check and render content/ with theme/ into public/", "charge, vérifie et met en pages content/ avec theme/ dans public/"},
	"help-check": {"report every content problem as file:line: message", "signale chaque problème du contenu sous la forme fichier:ligne: message"},
	"help-serve": {"build, serve public/ on 127.0.0.1:8080 and rebuild on changes", "construit, sert public/ sur 127.0.0.1:8080 et reconstruit à chaque modification"},
	"help-calc": {
		"run a calculator: calc NAME < input.json; calc --list; calc --help [NAME]",
		"lance un calculateur : calc NOM < entrée.json ; calc --list ; calc --help [NOM]",
	},
	"help-search": {"query the search index: search [-lang fr] \"query\"", "interroge l'index de recherche : search [-lang fr] \"requête\""},
	"help-values": {
		"list every rule value: its number, meaning, where the text states it, its calculators",
		"liste chaque valeur de règle : son nombre, son sens, où le texte l'énonce, ses calculateurs",
	},
	"help-translations": {
		"list the translated sections whose original changed since they were checked;\ntranslations -mark slug#id… records them as checked (content/translations.json)",
		"liste les sections traduites dont l'original a changé depuis leur vérification ;\ntranslations -mark slug#id… les enregistre comme vérifiées (content/translations.json)",
	},
	"help-new": {
		"start a new document: new SLUG [\"title\"…], one title per language of the site, the original first\nwrites content/LANG/SLUG.md for each",
		"commence un nouveau document : new SLUG [\"titre\"…], un titre par langue du site, l'original d'abord\nécrit content/LANGUE/SLUG.md pour chacune",
	},
	"help-synth": {
		"write synthetic pages for benchmarks: synth -pages 1000 -out DIR",
		"écrit des pages de synthèse pour mesurer les performances : synth -pages 1000 -out DOSSIER",
	},
	"help-pdf": {
		"build, print each language's book to public/<lang>/compendium-a4.pdf and -a5.pdf with\nChromium, and build again linking them (build alone needs no browser and links no PDF)",
		"construit, imprime le livre de chaque langue dans public/<lang>/compendium-a4.pdf et -a5.pdf\navec Chromium, puis reconstruit en les liant (build seul n'a besoin d'aucun navigateur et ne lie aucun PDF)",
	},
	"help-usage":   {"usage: generator {usage}\n\nflags:", "utilisation : generator {usage}\n\noptions :"},
	"help-default": {"(default {value})", "(par défaut : {value})"},
	"help-usage-build": {
		"build [-content content] [-theme theme] [-config compendium.json] [-out public] [-base-url URL] [-compress=false] [-cpuprofile FILE] [-memprofile FILE] [-timings] [-lang fr|en]",
		"build [-content content] [-theme theme] [-config compendium.json] [-out public] [-base-url URL] [-compress=false] [-cpuprofile FICHIER] [-memprofile FICHIER] [-timings] [-lang fr|en]",
	},
	"help-usage-check": {
		"check [-content content] [-theme theme] [-config compendium.json] [-strict] [-v] [-lang fr|en]",
		"check [-content content] [-theme theme] [-config compendium.json] [-strict] [-v] [-lang fr|en]",
	},
	"help-usage-serve": {
		"serve [-addr 127.0.0.1:8080] [-live=false] [-edit] [-content content] [-theme theme] [-config compendium.json] [-out public] [-base-url URL] [-compress=false] [-lang fr|en]",
		"serve [-addr 127.0.0.1:8080] [-live=false] [-edit] [-content content] [-theme theme] [-config compendium.json] [-out public] [-base-url URL] [-compress=false] [-lang fr|en]",
	},
	"help-usage-search": {
		"search [-lang fr] [-doc slug] [-content content] [-theme theme] [-config compendium.json] [-limit 10] \"query\"",
		"search [-lang fr] [-doc slug] [-content content] [-theme theme] [-config compendium.json] [-limit 10] \"requête\"",
	},
	"help-usage-values": {"values [-content content] [-config compendium.json] [-lang fr]", "values [-content content] [-config compendium.json] [-lang fr]"},
	"help-usage-translations": {
		"translations [-content content] [-theme theme] [-lang fr|en] [-mark slug#id… | -mark -all]",
		"translations [-content content] [-theme theme] [-lang fr|en] [-mark slug#id… | -mark -all]",
	},
	"help-usage-new": {
		"new [-content content] [-config compendium.json] [-lang fr|en] SLUG [\"title in the original\" [\"title in the next language\"…]]",
		"new [-content content] [-config compendium.json] [-lang fr|en] SLUG [\"titre dans l'original\" [\"titre dans la langue suivante\"…]]",
	},
	"help-usage-synth": {"synth -pages N -out DIR [-seed 1]", "synth -pages N -out DOSSIER [-seed 1]"},
	"help-usage-pdf": {
		"pdf [-content content] [-theme theme] [-config compendium.json] [-out public] [-base-url URL] [-compress=false]",
		"pdf [-content content] [-theme theme] [-config compendium.json] [-out public] [-base-url URL] [-compress=false]",
	},
	"help-flag-content": {"content `folder`", "`dossier` du contenu"},
	"help-flag-theme":   {"theme `folder`", "`dossier` du thème"},
	"help-flag-config":  {"site configuration `file`: titles, base URL, edition", "`fichier` de configuration du site : titres, adresse de base, édition"},
	"help-flag-out": {
		"output `folder`: written only on success, with only the files that changed; a folder the build did not write is refused",
		"`dossier` de sortie : écrit seulement si la construction réussit, et seulement les fichiers qui ont changé ; un dossier que la construction n'a pas écrit est refusé",
	},
	"help-flag-base-url": {
		"absolute address (`URL`) the site is published at, e.g. https://rules.example.org/ (overrides the configuration's base_url; without one, links stay relative and no sitemap is written)",
		"adresse absolue (`URL`) où le site est publié, par exemple https://rules.example.org/ (remplace la base_url de la configuration ; sans adresse, les liens restent relatifs et aucun plan du site n'est écrit)",
	},
	"help-flag-compress": {
		"write .br and .gz twins of every compressible file (default true; -compress=false writes none)",
		"écrit à côté de chaque fichier compressible sa copie compressée en .br et en .gz (par défaut : true ; -compress=false n'en écrit aucune)",
	},
	"help-flag-lang": {
		"`language` of the messages, fr or en (default: from LC_ALL, LC_MESSAGES or LANG)",
		"`langue` des messages, fr ou en (par défaut : d'après LC_ALL, LC_MESSAGES ou LANG)",
	},
	"help-flag-build-cpuprofile": {"write a CPU profile to this `file` (go tool pprof reads it)", "écrit un profil du processeur dans ce `fichier` (go tool pprof le lit)"},
	"help-flag-build-memprofile": {
		"write a heap profile taken at the build's largest live heap to this `file` (go tool pprof reads it)",
		"écrit dans ce `fichier` un profil de la mémoire pris au plus haut de la construction (go tool pprof le lit)",
	},
	"help-flag-build-timings": {"print each stage's wall time", "affiche la durée de chaque étape"},
	"help-flag-check-strict": {
		"fail on warnings too (translations whose original changed since they were checked)",
		"échoue aussi sur les avertissements (traductions dont l'original a changé depuis leur vérification)",
	},
	"help-flag-check-v": {
		"list each problem's consequences under it, instead of counting them",
		"liste sous chaque problème ses conséquences, au lieu de les compter",
	},
	"help-flag-serve-addr": {"`address` to listen on", "`adresse` où écouter"},
	"help-flag-serve-edit": {"edit the sections in the served pages (on by default on a loopback address only; -edit on another address lets anyone who can reach it write into the content)", "modifier les sections dans les pages servies (activé par défaut sur une adresse de bouclage seulement ; -edit sur une autre adresse laisse quiconque l'atteint écrire dans le contenu)"},
	"help-flag-serve-live": {
		"reload open pages after each rebuild (off: pages go out exactly as built)",
		"recharge les pages ouvertes après chaque reconstruction (désactivé : les pages sont servies exactement telles que construites)",
	},
	"help-flag-search-lang": {
		"`language` of the page searching; when given, of the messages too",
		"`langue` de la page où l'on cherche ; si elle est donnée, aussi celle des messages",
	},
	"help-flag-search-limit": {"`number` of results", "`nombre` de résultats"},
	"help-flag-search-doc": {
		"`slug` of the rules document being read, whose sections come first whenever they answer, as on that document's page",
		"`slug` du document de règles en cours de lecture, dont les sections passent devant dès qu'elles répondent, comme sur la page de ce document",
	},
	"help-flag-synth-pages": {"`number` of pages", "`nombre` de pages"},
	"help-flag-synth-out":   {"`folder` to write content/fr/ and hugo/ into", "`dossier` où écrire content/fr/ et hugo/"},
	"help-flag-synth-seed":  {"random `seed` (the same seed writes the same pages)", "`graine` du hasard (la même graine écrit les mêmes pages)"},
	"help-flag-translations-mark": {
		"record the sections named after the flags (slug#id, or slug for a whole document) as checked against their original as it is now",
		"enregistre les sections nommées après les options (slug#id, ou slug pour tout un document) comme vérifiées par rapport à leur original tel qu'il est",
	},
	"help-flag-translations-all": {"with -mark: every translated section", "avec -mark : toutes les sections traduites"},
	"help-flag-values-lang": {
		"the `language` whose declarations are listed; when given, of the messages too",
		"`langue` dont les déclarations sont listées ; si elle est donnée, aussi celle des messages",
	},

	// A flag Go's flag package refuses: said after its own English line
	// (site.FlagProblem), under a French locale.
	"flag-undefined": {"unknown flag -{flag}: generator {cmd} -h lists the flags", "option inconnue : -{flag} ; generator {cmd} -h liste les options"},
	"flag-no-value": {
		"flag -{flag} needs a value, -{flag} VALUE: generator {cmd} -h says which",
		"l'option -{flag} attend une valeur, -{flag} VALEUR : generator {cmd} -h dit laquelle",
	},
	"flag-bad-value": {
		"“{value}” is not a value of -{flag}: generator {cmd} -h says what it takes",
		"« {value} » n'est pas une valeur de -{flag} : generator {cmd} -h dit ce qu'elle prend",
	},
	"flag-bad": {"the flags cannot be read: generator {cmd} -h lists them", "les options sont illisibles : generator {cmd} -h les liste"},

	// calc's own lines on stderr (calc takes no -lang: the locale's).
	"calc-usage": {
		"usage: calc [-content DIR] NAME < input.json\n       calc --list\n",
		"utilisation :\n       calc [-content DOSSIER] NOM < entrée.json\n       calc --list\n",
	},
	"calc-no-content": {
		"calc: no {dir}/ folder here: computing with the engine's default rules (the seeds'); -content DIR reads a content folder's",
		"calc : pas de dossier {dir}/ ici : calcul avec les règles par défaut du moteur (celles des textes d'origine) ; -content DOSSIER lit celles d'un dossier de contenu",
	},
	"calc-content-none": {
		"calc: -content {dir}: no such folder: give the content folder, the one that holds fr/ and en/",
		"calc : -content {dir} : ce dossier n'existe pas : donnez le dossier du contenu, celui qui contient fr/ et en/",
	},
	"calc-content-unreadable": {"calc: -content {dir}: cannot read: {err}", "calc : -content {dir} : lecture impossible : {err}"},
	"calc-values-problems": {
		"calc: the rule values of {dir}/ have problems (above): fix them, or point -content to another folder",
		"calc : les valeurs de règle de {dir}/ ont des problèmes (ci-dessus) : corrigez-les, ou indiquez un autre dossier avec -content",
	},

	// search, synth and pdf.
	"search-no-query": {
		"generator search: give the words to look for, e.g. search armure",
		"generator search : donnez les mots à chercher, par exemple search armure",
	},
	"search-no-lang": {
		"generator search: -lang “{lang}”: {dir} has no documents in that language; the languages are {langs}",
		"generator search : -lang « {lang} » : {dir} n'a pas de documents dans cette langue ; les langues sont {langs}",
	},
	"search-none":  {"no section matches “{query}” in {lang}", "aucune section ne correspond à « {query} » en {lang}"},
	"search-near":  {"did you mean “{near}”?", "vouliez-vous dire « {near} » ?"},
	"synth-no-out": {"generator synth: -out is needed: the folder to write the pages into", "generator synth : -out est nécessaire : le dossier où écrire les pages"},
	"synth-wrote":  {"wrote {n} pages into {out}/content/fr and {out}/hugo", "{n} pages écrites dans {out}/content/fr et {out}/hugo"},
	"pdf-wrote":    {"{file}: {pages} pages, {kb} KB", "{file} : {pages} pages, {kb} Ko"},

	// Why "what changed" compared the calculators by their settings only:
	// the previous edition's engine could not run.
	"note-calcs-no-gomod": {
		"editions: the calculators were compared by their settings only: edition {name} has no go.mod, so its engine cannot run",
		"éditions : les calculateurs n'ont été comparés que par leurs réglages : l'édition {name} n'a pas de go.mod, son moteur ne peut donc pas tourner",
	},
	"note-calcs-no-go": {
		"editions: the calculators were compared by their settings only: running edition {name}'s engine needs Go, and there is no go command here",
		"éditions : les calculateurs n'ont été comparés que par leurs réglages : faire tourner le moteur de l'édition {name} demande Go, et il n'y a pas de commande go ici",
	},
	"note-calcs-engine": {
		"editions: the calculators were compared by their settings only: edition {name}'s engine did not run ({err})",
		"éditions : les calculateurs n'ont été comparés que par leurs réglages : le moteur de l'édition {name} n'a pas tourné (message de Go, en anglais : {err})",
	},

	"html-block": {
		"an HTML block is not rendered (pages carry no HTML from the content): write it as text, or use Markdown",
		"un bloc HTML n'est pas rendu (les pages ne portent aucun HTML venu du contenu) : écrivez-le en texte, ou en Markdown",
	},

	// A JSON file that cannot be read (site.JSONProblem): glossary.json,
	// thesaurus.json. Each names the mistake at its place, not where Go's
	// reader stopped.
	"json-empty": {
		"the file is empty: write its content (at least {}), or delete the file",
		"le fichier est vide : écrivez son contenu (au moins {}), ou supprimez le fichier",
	},
	"json-trailing-comma": {
		"a comma before “{close}”, after the last entry: remove it (JSON allows no comma there)",
		"une virgule avant « {close} », après la dernière entrée : retirez-la (le JSON n'en admet pas à cet endroit)",
	},
	"json-missing-comma": {
		"a comma is missing after “{prev}”, before “{next}”: add “,” here",
		"il manque une virgule après « {prev} », avant « {next} » : ajoutez « , » ici",
	},
	"json-value-missing": {
		"a value is missing before “{char}”: write it, or remove the comma too many",
		"il manque une valeur avant « {char} » : écrivez-la, ou retirez la virgule en trop",
	},
	"json-single-quote": {
		"a single quote: JSON writes keys and texts between straight double quotes, \"like this\"",
		"une apostrophe : le JSON écrit les clés et les textes entre guillemets droits, \"comme ceci\"",
	},
	"json-curly-quote": {
		"a typographic quote ({char}): JSON writes keys and texts between straight double quotes, \"like this\" (inside them, a text may hold “ ” and « »)",
		"un guillemet typographique ({char}) : le JSON écrit les clés et les textes entre guillemets droits, \"comme ceci\" (entre eux, un texte peut contenir « » et “ ”)",
	},
	"json-brace-missing": {
		"a “}” is missing before this “{”: close the entry before it with “},”",
		"il manque un « } » avant ce « { » : fermez l'entrée précédente par « }, »",
	},
	"json-key-expected": {
		"a key between double quotes is expected here, not “{char}”: is the “}” that closes the entry before missing?",
		"une clé entre guillemets droits est attendue ici, pas « {char} » : manque-t-il le « } » qui ferme l'entrée précédente ?",
	},
	"json-bare-key": {
		"key “{word}” is not between double quotes: write \"{word}\"",
		"la clé « {word} » n'est pas entre guillemets droits : écrivez \"{word}\"",
	},
	"json-bare-word": {
		"“{word}” is neither a text between double quotes nor true, false, null or a number: write \"{word}\", or correct it",
		"« {word} » n'est ni un texte entre guillemets droits, ni true, false, null ou un nombre : écrivez \"{word}\", ou corrigez-le",
	},
	"json-quote-in-text": {
		"this double quote ends the text too early, before “{next}”: inside a text, write \\\" for a double quote, or use “ ” or « »",
		"ce guillemet droit termine le texte trop tôt, avant « {next} » : dans un texte, écrivez \\\" pour un guillemet droit, ou employez « » ou “ ”",
	},
	"json-colon-missing": {
		"a colon is missing after the key {key}: write {key}: and its value",
		"il manque deux-points après la clé {key} : écrivez {key}: puis sa valeur",
	},
	"json-extra": {
		"“{next}” comes after the end of the file's content: remove it (a “}” or “]” too many?)",
		"« {next} » vient après la fin du contenu du fichier : retirez-le (un « } » ou « ] » de trop ?)",
	},
	"json-unclosed-text": {
		"this text is not closed on its line: end it with a double quote (\"); a text cannot go on to the next line",
		"ce texte n'est pas fermé sur sa ligne : terminez-le par un guillemet droit (\") ; un texte ne peut pas continuer à la ligne suivante",
	},
	"json-control-char": {
		"a tab or another control character inside a text: replace it with a space",
		"une tabulation ou un autre caractère de contrôle dans un texte : remplacez-le par une espace",
	},
	"json-bad-escape": {
		"“{text}” is no JSON escape: inside a text, write \\\\ for a backslash",
		"« {text} » n'est pas un échappement JSON : dans un texte, écrivez \\\\ pour une barre oblique inverse",
	},
	"json-unclosed": {
		"this “{open}” is never closed (the file ends first): add its “{close}” where it ends",
		"ce « {open} » n'est jamais fermé (le fichier se termine avant) : ajoutez son « {close} » là où il finit",
	},
	"json-syntax": {
		"this is not JSON at “{char}”: look at the punctuation just before it (commas, double quotes, brackets)",
		"ce n'est pas du JSON à « {char} » : regardez la ponctuation juste avant (virgules, guillemets droits, crochets, accolades)",
	},
	"json-type":     {"“{key}” must be {want}, not {got}", "« {key} » doit être {want}, pas {got}"},
	"json-type-top": {"the file must hold {want}, not {got}", "le fichier doit contenir {want}, pas {got}"},
	"json-duplicate-key": {
		"“{key}” is written twice in the same object (first at line {first}): only this one would count; keep one",
		"« {key} » est écrit deux fois dans le même objet (d'abord ligne {first}) : seul celui-ci compterait ; n'en gardez qu'un",
	},
	"json-unknown-key": {
		"unknown key “{key}”: correct its spelling, or remove it",
		"clé inconnue « {key} » : corrigez son orthographe, ou retirez-la",
	},
	"json-unknown-key-near": {
		"unknown key “{key}”: did you mean “{near}”?",
		"clé inconnue « {key} » : vouliez-vous dire « {near} » ?",
	},

	// The glossary (content/glossary.json), at the term's line.
	"glossary-id-duplicate": {
		"term id “{id}” is already the id of the term at line {first}: give this term an id of its own, or merge the two entries",
		"l'id « {id} » est déjà celui du terme de la ligne {first} : donnez à ce terme un id à lui, ou fusionnez les deux entrées",
	},
	"glossary-id-invalid": {
		"term id “{id}” is not English kebab-case (lower-case letters and digits separated by single hyphens): the glossary page's anchor is #term-<id>",
		"l'id de terme « {id} » n'est pas en kebab-case anglais (minuscules et chiffres séparés par des tirets simples) : l'ancre de la page du glossaire est #term-<id>",
	},
	"glossary-lacks-lang": {
		"term “{id}” has no “{lang}”: write the term as the {lang} rules write it",
		"le terme « {id} » n'a pas de « {lang} » : écrivez le terme comme l'écrivent les règles {lang}",
	},
	"glossary-lacks-both": {
		"term “{id}” has neither “fr” nor “en”: write the term as the rules write it, in each language",
		"le terme « {id} » n'a ni « fr » ni « en » : écrivez le terme comme l'écrivent les règles, dans chaque langue",
	},
	"glossary-section-empty": {
		"term “{id}” has no “section”: write the slug#id of the section (or anchor) that defines it",
		"le terme « {id} » n'a pas de « section » : écrivez le slug#id de la section (ou de l'ancre) qui le définit",
	},
	"glossary-section-missing": {
		"term “{id}”: section “{section}” does not exist in {langs}: write the slug#id of the section (or anchor) that defines the term (IDS.md lists them)",
		"terme « {id} » : la section « {section} » n'existe pas en {langs} : écrivez le slug#id de la section (ou de l'ancre) qui définit le terme (IDS.md les liste)",
	},
	"glossary-docs-home": {
		"term “{id}”: “docs” leaves out “{slug}”, the document of its section “{section}”: add it",
		"terme « {id} » : « docs » omet « {slug} », le document de sa section « {section} » : ajoutez-le",
	},
	"glossary-docs-unknown": {
		"term “{id}”: “docs” names “{doc}”, which is no document: the documents are the file names of content/{lang}/ without .md ({slugs})",
		"terme « {id} » : « docs » nomme « {doc} », qui n'est pas un document : les documents sont les noms des fichiers de content/{lang}/ sans .md ({slugs})",
	},
	"glossary-form-shared": {
		"term “{id}”: its form “{form}” ({lang}) is also a form of “{other}” (line {line}), and both hold in “{doc}”, where a page could not tell which one the word means: merge the two terms, or give each its own documents (“docs”) so that they share none",
		"terme « {id} » : sa forme « {form} » ({lang}) est aussi une forme de « {other} » (ligne {line}), et tous deux valent dans « {doc} », où une page ne saurait pas lequel le mot désigne : fusionnez les deux termes, ou donnez à chacun ses documents (« docs ») sans document commun",
	},
	"glossary-number-words": {
		"term “{id}” ({lang}): the definition writes a rule's number in words, “{words}”, that its section “{section}” declares as {values}: write the number as {={key}} (or {={key}+}, signed), which shows the value and follows it when the rule changes (go run ./generator values lists the keys)",
		"terme « {id} » ({lang}) : la définition écrit en toutes lettres un nombre de règle, « {words} », que sa section « {section} » déclare comme {values} : écrivez le nombre {={key}} (ou {={key}+}, avec son signe), qui montre la valeur et la suit quand la règle change (go run ./generator values liste les clés)",
	},
	"glossary-missing-translation": {
		"glossary term “{term}” is used in {place} but this section lacks its agreed translation “{forms}” ({at}): use it here",
		"le terme du glossaire « {term} » est employé en {place} mais cette section n'a pas sa traduction convenue « {forms} » ({at}) : employez-la ici",
	},

	// The thesaurus (content/thesaurus.json), at the set's line.
	"thesaurus-lang": {
		"set of language “{lang}”: the site's languages are {langs}",
		"ensemble de langue « {lang} » : les langues du site sont {langs}",
	},
	"thesaurus-one-form": {
		"a set needs at least two forms, this one has {n}: add the words that mean the same, or remove the set",
		"un ensemble a besoin d'au moins deux formes, celui-ci en a {n} : ajoutez les mots qui veulent dire la même chose, ou retirez l'ensemble",
	},
	"thesaurus-targets": {
		"a set points to one of a section, a term or a calculator, not more: keep one",
		"un ensemble renvoie à une section, à un terme ou à un calculateur, pas davantage : n'en gardez qu'un",
	},
	"thesaurus-calc": {
		"calculator “{calc}” does not exist: the calculators are {calcs}",
		"le calculateur « {calc} » n'existe pas : les calculateurs sont {calcs}",
	},
	"thesaurus-section": {
		"section “{section}” does not exist in {lang}: write slug#id, as in glossary.json (IDS.md lists them)",
		"la section « {section} » n'existe pas en {lang} : écrivez slug#id, comme dans glossary.json (IDS.md les liste)",
	},
	"thesaurus-term": {
		"term “{term}” is not in glossary.json: write the id of one of its terms",
		"le terme « {term} » n'est pas dans glossary.json : écrivez l'id de l'un de ses termes",
	},
	"thesaurus-empty-form": {"an empty form: remove it", "une forme vide : retirez-la"},
	"thesaurus-form-twice": {
		"form “{form}” is already in a “{lang}” set at line {first}: keep it in one set",
		"la forme « {form} » est déjà dans un ensemble « {lang} », ligne {first} : ne la gardez que dans un ensemble",
	},
	"thesaurus-form-lang": {
		"form “{form}” is in a set with \"lang\": \"{lang}\", yet only the {othername} text uses it ({place}): if it is not {langname} as well, move it to a set with \"lang\": \"{other}\"",
		"la forme « {form} » est dans un ensemble \"lang\": \"{lang}\", mais seul le texte {othername} l'emploie ({place}) : si ce n'est pas aussi un mot {langname}, déplacez-la dans un ensemble \"lang\": \"{other}\"",
	},
	"thesaurus-questions-lang": {
		"questions of language “{lang}”: the site's languages are {langs}",
		"questions de langue « {lang} » : les langues du site sont {langs}",
	},
	"thesaurus-question-empty": {"an empty question phrase: remove it", "une formulation de question vide : retirez-la"},
	"thesaurus-question-twice": {
		"question phrase “{phrase}” is already at line {first}: keep one",
		"la formulation de question « {phrase} » est déjà ligne {first} : n'en gardez qu'une",
	},
}

// message fills the catalogue's text of kind in lang with args (name,
// value…); an unknown language gets English, an unknown kind its name.
func message(kind, lang string, args []string) string {
	t, ok := catalogue[kind]
	if !ok {
		return kind
	}
	s := t[0]
	if i := slices.Index(catalogueLanguages, lang); i > 0 && t[i] != "" {
		s = t[i]
	}
	if len(args) == 0 || !strings.Contains(s, "{") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		name := s[i+1 : i+j]
		// An argument whose words depend on the language (a value's
		// meaning, an engine's message) comes as name and name@fr.
		v, found := "", false
		for _, n := range []string{name + "@" + lang, name} {
			for k := 0; k+1 < len(args) && !found; k += 2 {
				if args[k] == n {
					v, found = args[k+1], true
				}
			}
		}
		if !found { // "{#armor}": a literal brace, or "{#{id}}"
			b.WriteString(s[:i+1])
			s = s[i+1:]
			continue
		}
		b.WriteString(s[:i])
		b.WriteString(v)
		s = s[i+j+1:]
	}
	b.WriteString(s)
	return b.String()
}

// MissingArgs returns what d's message lacks: "kind" when the catalogue
// has no such kind, else the placeholders of either language that its
// Args do not fill. A test of a new diagnostic wants it empty.
func (d Diagnostic) MissingArgs() []string {
	if d.Kind == "" {
		return nil
	}
	t, ok := catalogue[d.Kind]
	if !ok {
		return []string{"kind"}
	}
	var missing []string
	for li, s := range t {
		for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
			name := m[1]
			if d.Arg(name) == "" && d.Arg(name+"@"+catalogueLanguages[li]) == "" && !hasArg(d.Args, name) && !slices.Contains(missing, name) {
				missing = append(missing, name)
			}
		}
	}
	return missing
}

// hasArg reports whether args name an argument, even an empty one.
func hasArg(args []string, name string) bool {
	for i := 0; i+1 < len(args); i += 2 {
		if args[i] == name {
			return true
		}
	}
	return false
}

// placeholder finds the catalogue's {name}s ("{#id}" is the content's own
// syntax).
var placeholder = regexp.MustCompile(`\{([a-z]+)\}`)

// Text returns the catalogue's message of kind in lang, filled with args
// (name, value…): the check command's own lines.
func Text(kind, lang string, args ...string) string { return message(kind, lang, args) }

// CatalogueDefault is the catalogue's first column: the language of Go's
// own messages (the flag package's), of a text outside the catalogue (an
// error's own words) and of a message in a language it has no column for.
const CatalogueDefault = "en"

// catalogueLanguages are the catalogue's columns, its default first.
var catalogueLanguages = []string{CatalogueDefault, "fr"}

// zeroIsSingular are the catalogue's languages that count 0 in the
// singular ("0 document"), as 1; the others say "0 documents".
var zeroIsSingular = map[string]bool{"fr": true}

// Texts returns the arguments that fill a catalogue's {name} with what
// text says in each of the catalogue's languages: name in its default,
// name@lang in the others.
func Texts(name string, text func(lang string) string) []string {
	args := []string{name, text(catalogueLanguages[0])}
	for _, l := range catalogueLanguages[1:] {
		args = append(args, name+"@"+l, text(l))
	}
	return args
}

// Catalogued returns the catalogue's column that lang, a code or a locale
// ("fr", "FR_fr.UTF-8"), starts with, if any.
func Catalogued(lang string) (string, bool) {
	lang = strings.ToLower(lang)
	for _, l := range catalogueLanguages {
		if strings.HasPrefix(lang, l) {
			return l, true
		}
	}
	return "", false
}

// GoSays reports whether lang is the language of Go's own messages (the
// flag package's), the catalogue's default: a line of Go's then needs no
// translation after it.
func GoSays(lang string) bool { return lang == catalogueLanguages[0] }

// CatalogueLanguage returns the language the catalogue writes lang's
// messages in: lang when it has that column, else its default.
func CatalogueLanguage(lang string) string {
	if slices.Contains(catalogueLanguages, lang) {
		return lang
	}
	return catalogueLanguages[0]
}

// Counted returns n followed by the catalogue's noun of kind
// ("documents": count-documents, count-documents-one) in lang, singular or
// plural as lang wants it: French says 0 and 1 in the singular, English 1
// alone.
func Counted(kind, lang string, n int) string {
	one := n == 1 || zeroIsSingular[lang] && n == 0
	if _, ok := catalogue["count-"+kind+"-one"]; one && ok {
		return message("count-"+kind+"-one", lang, []string{"n", strconv.Itoa(n)})
	}
	return message("count-"+kind, lang, []string{"n", strconv.Itoa(n)})
}

// LangFrom returns the language messages are printed in: flag when it is
// set (the catalogue's column it starts with, else its default), else the
// column that LC_ALL, LC_MESSAGES or LANG (the first one set, as the C
// library reads them) starts with, else the catalogue's default.
func LangFrom(flag string) string {
	if flag == "" {
		for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
			if flag = os.Getenv(v); flag != "" {
				break
			}
		}
	}
	if l, ok := Catalogued(flag); ok {
		return l
	}
	return CatalogueDefault
}
