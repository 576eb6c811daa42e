import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import ts from 'typescript'

// Where a release-policy section is named in src/ outside its step's folder: read on the syntax
// tree (comments are no coupling), a file names a section when its code holds
// - a key path of it in a string (`'bake.duration'`), or its name as a whole string (`'bake'`:
//   its step's name, `Config['bake']`; not for `rollback`, also an operation's name);
// - a read of it (`config.bake`, `policy.bake`, `payloads.bake`, and a key `bake:` of an object
//   or a type);
// - its settings type or its declaration (`BakeSettings`, `bakeSection`);
// - an import from its folder, unless all it imports is the section's accessor (counted apart).

export interface Section {
  name: string
  folder: string
  /** The accessor other steps read it through, and its facts' type: imports of these only. */
  accessors?: readonly string[]
  /** Its key paths other steps read through the accessor (their words may name them then). */
  accessorKeys?: readonly string[]
  /** Also an operation's name: its whole name and a key of that name do not count. */
  alsoOperation?: boolean
  /** Whether a key of its name (`bake:`) names it: not where steps name a field so. */
  keyNamesIt?: boolean
}

/** Where a whole string names a key: `config['bake']`, `Config['bake']`, `name: 'bake'`, `=== 'bake'`. */
const NAMES_A_KEY = new Set([
  ts.SyntaxKind.ElementAccessExpression,
  ts.SyntaxKind.LiteralType,
  ts.SyntaxKind.PropertyAssignment,
  ts.SyntaxKind.BinaryExpression,
  ts.SyntaxKind.CaseClause
])

const ACCESSOR_KEYS = (section: Section) =>
  (section.accessorKeys ?? []).map((key) => key.replace('.', '\\.')).join('|') || '$^'

export interface Reach {
  /** The files that name it, outside its folder. */
  files: string[]
  /** The files that read it through its accessor only. */
  accessorReads: string[]
}

const READ_FROM = /(?:^|\.)(?:config|policy|settings|sections|payloads|effective|inEffect|checks)$/i

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return filesUnder(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

const capital = (name: string) => `${name[0]?.toUpperCase()}${name.slice(1)}`

/** What of `section` the file's code names: kinds of naming, and its imports of the accessor. */
function namings(
  root: string,
  file: string,
  section: Section
): { names: string[]; accessorOnly: boolean } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const { name } = section
  const keyPath = new RegExp(`(^|[^\\w.-])${name}\\.[a-z]`)
  const identifiers = new Set([`${capital(name)}Settings`, `${name}Section`])
  const names: string[] = []
  let accessorOnly = false
  // An accessor's key in words counts unless the file reads the section through its accessor.
  const accessorKeyWords: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = relative(root, join(dirname(file), node.moduleSpecifier.text))
      if (`${target}/`.startsWith(`src/${section.folder}/`)) {
        const bindings = node.importClause?.namedBindings
        const imported =
          bindings && ts.isNamedImports(bindings)
            ? bindings.elements.map((element) => (element.propertyName ?? element.name).text)
            : ['*']
        if (imported.every((each) => section.accessors?.includes(each))) accessorOnly = true
        else names.push(`import ${node.moduleSpecifier.text}`)
      }
      return
    }
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      const text = node.text
      const accessorKey = section.accessorKeys?.some((key) => text.includes(key))
      if (keyPath.test(text.replaceAll(new RegExp(ACCESSOR_KEYS(section), 'g'), '')))
        names.push(`'${text}'`)
      else if (accessorKey) accessorKeyWords.push(`'${text}'`)
      else if (text === name && !section.alsoOperation && NAMES_A_KEY.has(node.parent.kind))
        names.push(`'${text}'`)
    }
    if (ts.isIdentifier(node) && identifiers.has(node.text)) names.push(node.text)
    if (
      ts.isPropertyAccessExpression(node) &&
      node.name.text === name &&
      READ_FROM.test(node.expression.getText(source))
    )
      names.push(`${node.expression.getText(source)}.${name}`)
    if (
      (ts.isPropertyAssignment(node) || ts.isPropertySignature(node)) &&
      ts.isIdentifier(node.name) &&
      node.name.text === name &&
      !section.alsoOperation &&
      section.keyNamesIt !== false
    )
      names.push(`${name}:`)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { names: accessorOnly ? names : [...names, ...accessorKeyWords], accessorOnly }
}

/** For each section, the files of `src` outside its folder that name it, and how. */
export function sectionReach(root: string, sections: readonly Section[]) {
  const files = filesUnder(join(root, 'src'))
  return Object.fromEntries(
    sections.map((section) => {
      const reach: Reach & { how: Record<string, string[]> } = {
        files: [],
        accessorReads: [],
        how: {}
      }
      for (const file of files) {
        const path = relative(root, file)
        if (path.startsWith(`src/${section.folder}/`)) continue
        const { names, accessorOnly } = namings(root, file, section)
        if (names.length > 0) {
          reach.files.push(path)
          reach.how[path] = [...new Set(names)]
        } else if (accessorOnly) reach.accessorReads.push(path)
      }
      return [section.name, reach]
    })
  )
}
